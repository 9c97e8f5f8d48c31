import type { CompiledTable } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fieldsOf, loadDataTypes, versionPoints } from './point-row.ts';
import { compilePoints } from './table-check.ts';

/** A protocol version's point table compiled with the catalog's data types; null when it does not compile. */
export async function compiledVersionTable(db: Kysely<DB>, versionId: string): Promise<CompiledTable | null> {
  // The table binds data types by id: the language their names are read in does not matter here.
  const [points, dataTypes] = await Promise.all([versionPoints(db, versionId, 'zh-CN'), loadDataTypes(db)]);
  const compiled = compilePoints(points.map(fieldsOf), dataTypes);
  return compiled.ok ? compiled.table : null;
}

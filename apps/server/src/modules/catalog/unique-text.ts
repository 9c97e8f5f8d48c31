import type { ErrorCodeValue } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/** The catalog-wide unique texts: series, data type and product names (Chinese and English), protocol codes. */
type UniqueText =
  | { table: 'series' | 'data_types' | 'products'; column: 'name' }
  | { table: 'series' | 'data_types' | 'products'; column: 'en_name' }
  | { table: 'protocols'; column: 'code' };

/**
 * Claims a unique text inside the writer's transaction: waits for every other writer of the same
 * texts (so that two requests cannot take one text), then fails with `taken` when another row
 * (not `exceptId`) already has it, compared without case. An empty text (an English name not given) claims nothing.
 */
export async function claimUniqueText(
  trx: Kysely<DB>,
  unique: UniqueText & { value: string; exceptId: string | null; taken: ErrorCodeValue },
): Promise<void> {
  if (unique.value.trim() === '') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`catalog:${unique.table}.${unique.column}`}))`.execute(trx);
  let query = trx
    .selectFrom(unique.table)
    .select('id')
    .where(sql<string>`lower(${sql.ref(unique.column)})`, '=', unique.value.toLowerCase());
  if (unique.exceptId !== null) query = query.where('id', '!=', unique.exceptId);
  if (await query.executeTakeFirst()) fail(unique.taken);
}

/** Claims a catalog record's Chinese and English names: each unique without case, refused with its own code. */
export async function claimNames(
  trx: Kysely<DB>,
  table: 'series' | 'data_types' | 'products',
  names: { name: string; enName: string; exceptId: string | null },
  taken: { name: ErrorCodeValue; enName: ErrorCodeValue },
): Promise<void> {
  const { exceptId } = names;
  await claimUniqueText(trx, { table, column: 'name', value: names.name, exceptId, taken: taken.name });
  await claimUniqueText(trx, { table, column: 'en_name', value: names.enName, exceptId, taken: taken.enName });
}

import { ErrorCode, type Locale, type PointFields, type ProtocolPoint, type listPoints } from '@dcc/contract';
import { sql, type Kysely, type UpdateResult } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import { nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';
import { pointColumns, pointsFrom, selectPointColumns, toPoint } from './point-row.ts';

/** A list call's request as validated by the contract. */
export type PointFilter = z.output<typeof listPoints.request>;

const SORT_COLUMNS = { address: 'pp.address', pointCode: 'pp.code', updateTime: 'pp.updated_at' } as const;

/** One page of a version's points: search over code and both names, mode filter. */
export async function listPointPage(
  db: Kysely<DB>,
  filter: PointFilter,
  locale: Locale,
): Promise<{ list: ProtocolPoint[]; totalSize: number }> {
  let query = pointsFrom(db).where('pp.version_id', '=', filter.versionId);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('pp.code', 'ilike', pattern), eb('pp.name', 'ilike', pattern), eb('pp.en_name', 'ilike', pattern)]),
    );
  }
  if (filter.mode) query = query.where('pp.mode', '=', filter.mode);
  const page = await sortedPage(
    query,
    selectPointColumns,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'pp.id' },
    filter,
  );
  return { list: page.rows.map((row) => toPoint(row, locale)), totalSize: page.totalSize };
}

/** How many points a version has. */
export const countPoints = async (db: Kysely<DB>, versionId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('protocol_points')
        .select(sql<string>`count(*)`.as('n'))
        .where('version_id', '=', versionId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Locks a version's row so that its table changes one writer at a time; NOT_FOUND when it is gone. */
export async function lockVersion(
  trx: Kysely<DB>,
  versionId: string,
): Promise<{ versionId: string; protocolId: string }> {
  const row = isIdText(versionId)
    ? await trx
        .selectFrom('protocol_versions')
        .select(['id', 'protocol_id'])
        .where('id', '=', versionId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row) fail(ErrorCode.NOT_FOUND);
  return { versionId: row.id, protocolId: row.protocol_id };
}

/** Adds a point to a version, written by `modifier`; answers its id. */
export async function insertPoint(
  db: Kysely<DB>,
  versionId: string,
  fields: PointFields,
  modifier: string,
): Promise<string> {
  const row = await db
    .insertInto('protocol_points')
    .values({ version_id: versionId, ...pointColumns(fields, modifier) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites a point at the record version the caller read, moving it to the next (assertVersionMatched checks the result). */
export function updatePointAtVersion(
  db: Kysely<DB>,
  point: { pointId: string; version: number },
  fields: PointFields,
  modifier: string,
): Promise<UpdateResult> {
  return db
    .updateTable('protocol_points')
    .set({ ...pointColumns(fields, modifier), ...nextVersion, updated_at: new Date() })
    .where('id', '=', point.pointId)
    .where('version', '=', point.version)
    .executeTakeFirst();
}

/** Deletes a point at the record version the caller read (assertVersionMatched checks the result). */
export function deletePointAtVersion(db: Kysely<DB>, point: { pointId: string; version: number }) {
  return db
    .deleteFrom('protocol_points')
    .where('id', '=', point.pointId)
    .where('version', '=', point.version)
    .executeTakeFirst();
}

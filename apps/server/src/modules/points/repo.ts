import type { ProtocolPoint, listPoints } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { sortedPage, containsPattern } from '../managed-accounts/index.ts';
import { pointsFrom, selectPointColumns, toPoint } from './point-row.ts';

/** A list call's request as validated by the contract. */
export type PointFilter = z.output<typeof listPoints.request>;

const SORT_COLUMNS = { address: 'pp.address', pointCode: 'pp.code', updateTime: 'pp.updated_at' } as const;

/** One page of a version's points: search over code and both names, mode filter. */
export async function listPointPage(
  db: Kysely<DB>,
  filter: PointFilter,
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
  return { list: page.rows.map(toPoint), totalSize: page.totalSize };
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

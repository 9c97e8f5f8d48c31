import type { Series, listSeries } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { sortedPage, containsPattern } from '../managed-accounts/index.ts';

/** Product series: one list for the whole platform. */

/** A list call's request as validated by the contract. */
export type SeriesFilter = z.output<typeof listSeries.request>;

const SORT_COLUMNS = {
  createTime: 's.created_at',
  updateTime: 's.updated_at',
  seriesName: 's.name',
  productCount: 'productCount',
} as const;

const allSeries = (db: Kysely<DB>) => db.selectFrom('series as s');

function selectItem(query: ReturnType<typeof allSeries>) {
  return query.select([
    's.id as seriesId',
    's.name as seriesName',
    's.creator_name as creator',
    's.modifier_name as modifier',
    's.created_at',
    's.updated_at',
    sql<number>`(select count(*) from products p where p.series_id = s.id)::int`.as('productCount'),
  ]);
}

type SeriesRow = Omit<Series, 'createTime' | 'updateTime'> & { created_at: Date; updated_at: Date };
const toSeries = ({ created_at, updated_at, ...row }: SeriesRow): Series => ({
  ...row,
  createTime: isoTime(created_at),
  updateTime: isoTime(updated_at),
});

/** One page of series and how many match. */
export async function listSeriesPage(
  db: Kysely<DB>,
  filter: SeriesFilter,
): Promise<{ list: Series[]; totalSize: number }> {
  let query = allSeries(db);
  if (filter.seriesName) query = query.where('s.name', 'ilike', containsPattern(filter.seriesName));
  const page = await sortedPage(
    query,
    selectItem,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 's.id' },
    filter,
  );
  return { list: page.rows.map(toSeries), totalSize: page.totalSize };
}

/** A series by id, or undefined for a missing or malformed id. */
export async function findSeries(db: Kysely<DB>, seriesId: string): Promise<Series | undefined> {
  if (!isIdText(seriesId)) return undefined;
  const row = await selectItem(allSeries(db)).where('s.id', '=', seriesId).executeTakeFirst();
  return row && toSeries(row);
}

/** Every series as id and name, by name. */
export function seriesOptionList(db: Kysely<DB>) {
  return db.selectFrom('series').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/** Adds a series made by `makerName`; answers its id. */
export async function insertSeries(db: Kysely<DB>, seriesName: string, makerName: string): Promise<string> {
  const row = await db
    .insertInto('series')
    .values({ name: seriesName, creator_name: makerName, modifier_name: makerName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames a series, recording who changed it and when. */
export async function renameSeriesRow(
  db: Kysely<DB>,
  seriesId: string,
  seriesName: string,
  makerName: string,
): Promise<void> {
  await db
    .updateTable('series')
    .set({ name: seriesName, modifier_name: makerName, updated_at: sql`now()` })
    .where('id', '=', seriesId)
    .execute();
}

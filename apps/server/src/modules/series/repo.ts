import { localName, type Locale, type Series, type listSeries } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

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
    's.en_name as seriesEnName',
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
  if (filter.seriesName) {
    const pattern = containsPattern(filter.seriesName);
    query = query.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.en_name', 'ilike', pattern)]));
  }
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

/** Every series as id and name in the reader's language (localName), by that name. */
export async function seriesOptionList(db: Kysely<DB>, locale: Locale) {
  const rows = await db.selectFrom('series').select(['id', 'name', 'en_name']).orderBy('id').execute();
  return rows
    .map((row) => ({ id: row.id, name: localName(locale, row.name, row.en_name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** A series' names as the maker types them. */
export interface SeriesNames {
  seriesName: string;
  seriesEnName: string;
}

/** Adds a series made by `makerName`; answers its id. */
export async function insertSeries(db: Kysely<DB>, names: SeriesNames, makerName: string): Promise<string> {
  const row = await db
    .insertInto('series')
    .values({ name: names.seriesName, en_name: names.seriesEnName, creator_name: makerName, modifier_name: makerName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames a series, recording who changed it and when. */
export async function renameSeriesRow(
  db: Kysely<DB>,
  seriesId: string,
  names: SeriesNames,
  makerName: string,
): Promise<void> {
  await db
    .updateTable('series')
    .set({ name: names.seriesName, en_name: names.seriesEnName, modifier_name: makerName, updated_at: sql`now()` })
    .where('id', '=', seriesId)
    .execute();
}

import { ErrorCode, type Series } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { claimUniqueText, deleteUnlessUsed, foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import { findSeries, insertSeries, renameSeriesRow } from './repo.ts';

/** Product series as the maker changes them: names unique ignoring case, a series with products kept. */

const existingSeries = (db: Kysely<DB>, seriesId: string): Promise<Series> => foundOrFail(findSeries(db, seriesId));

const claimName = (trx: Kysely<DB>, seriesName: string, exceptId: string | null) =>
  claimUniqueText(trx, {
    table: 'series',
    column: 'name',
    value: seriesName,
    exceptId,
    taken: ErrorCode.SERIES_NAME_TAKEN,
  });

/** Adds a series; SERIES_NAME_TAKEN when another has the name. */
export async function addCatalogSeries(db: Kysely<DB>, maker: CatalogMaker, seriesName: string): Promise<Series> {
  const id = await db.transaction().execute(async (trx) => {
    await claimName(trx, seriesName, null);
    return insertSeries(trx, seriesName, maker.name);
  });
  return existingSeries(db, id);
}

/** Renames a series; NOT_FOUND when it is gone, SERIES_NAME_TAKEN when another has the name. */
export async function renameCatalogSeries(
  db: Kysely<DB>,
  maker: CatalogMaker,
  input: { seriesId: string; seriesName: string },
): Promise<Series> {
  const series = await existingSeries(db, input.seriesId);
  await db.transaction().execute(async (trx) => {
    await claimName(trx, input.seriesName, series.seriesId);
    await renameSeriesRow(trx, series.seriesId, input.seriesName, maker.name);
  });
  return existingSeries(db, series.seriesId);
}

/** Deletes a series no product refers to; SERIES_IN_USE with the count otherwise. */
export async function deleteCatalogSeries(db: Kysely<DB>, seriesId: string): Promise<void> {
  const series = await existingSeries(db, seriesId);
  await db.transaction().execute((trx) =>
    deleteUnlessUsed(trx, {
      table: 'series',
      id: series.seriesId,
      usedBy: 'products',
      column: 'series_id',
      inUse: ErrorCode.SERIES_IN_USE,
    }),
  );
}

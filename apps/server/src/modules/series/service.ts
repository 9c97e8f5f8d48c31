import { ErrorCode, type Series } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { claimNames, deleteUnlessUsed, foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import { findSeries, insertSeries, renameSeriesRow, type SeriesNames } from './repo.ts';

/** Product series as the maker changes them: names unique ignoring case, a series with products kept. */

const existingSeries = (db: Kysely<DB>, seriesId: string): Promise<Series> => foundOrFail(findSeries(db, seriesId));

const claimName = (trx: Kysely<DB>, names: { seriesName: string; seriesEnName: string }, exceptId: string | null) =>
  claimNames(
    trx,
    'series',
    { name: names.seriesName, enName: names.seriesEnName, exceptId },
    { name: ErrorCode.SERIES_NAME_TAKEN, enName: ErrorCode.SERIES_EN_NAME_TAKEN },
  );

/** Adds a series; SERIES_NAME_TAKEN when another has the name. */
export async function addCatalogSeries(db: Kysely<DB>, maker: CatalogMaker, names: SeriesNames): Promise<Series> {
  const id = await db.transaction().execute(async (trx) => {
    await claimName(trx, names, null);
    return insertSeries(trx, names, maker.name);
  });
  return existingSeries(db, id);
}

/** Renames a series; NOT_FOUND when it is gone, SERIES_NAME_TAKEN when another has the name. */
export async function renameCatalogSeries(
  db: Kysely<DB>,
  maker: CatalogMaker,
  input: SeriesNames & { seriesId: string },
): Promise<Series> {
  const series = await existingSeries(db, input.seriesId);
  await db.transaction().execute(async (trx) => {
    await claimName(trx, input, series.seriesId);
    await renameSeriesRow(trx, series.seriesId, input, maker.name);
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

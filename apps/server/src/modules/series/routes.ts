import {
  ErrorCode,
  addSeries,
  deleteSeries,
  listSeries,
  seriesOptions,
  updateSeries,
  type Series,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { makerScope, operatorName, deleteUnlessUsed, foundOrFail, claimUniqueText } from '../catalog/index.ts';
import { findSeries, listSeriesPage, seriesOptionList } from './repo.ts';

const existingSeries = (db: Kysely<DB>, seriesId: string): Promise<Series> => foundOrFail(findSeries(db, seriesId));

/** Product series (seriesManage). */
export function seriesRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listSeries, (input) => listSeriesPage(db, input)),
    route(seriesOptions, () => seriesOptionList(db)),
    route(addSeries, async (input, ctx) => {
      makerScope(ctx);
      const operator = await operatorName(db, ctx);
      const id = await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, {
          table: 'series',
          column: 'name',
          value: input.seriesName,
          exceptId: null,
          taken: ErrorCode.SERIES_NAME_TAKEN,
        });
        const row = await trx
          .insertInto('series')
          .values({ name: input.seriesName, creator_name: operator.name, modifier_name: operator.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return existingSeries(db, id);
    }),
    route(updateSeries, async (input, ctx) => {
      makerScope(ctx);
      const series = await existingSeries(db, input.seriesId);
      const operator = await operatorName(db, ctx);
      await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, {
          table: 'series',
          column: 'name',
          value: input.seriesName,
          exceptId: series.seriesId,
          taken: ErrorCode.SERIES_NAME_TAKEN,
        });
        await trx
          .updateTable('series')
          .set({ name: input.seriesName, modifier_name: operator.name, updated_at: sql`now()` })
          .where('id', '=', series.seriesId)
          .execute();
      });
      return existingSeries(db, series.seriesId);
    }),
    route(deleteSeries, async (input, ctx) => {
      makerScope(ctx);
      const series = await existingSeries(db, input.seriesId);
      await db.transaction().execute((trx) =>
        deleteUnlessUsed(trx, {
          table: 'series',
          id: series.seriesId,
          usedBy: 'products',
          column: 'series_id',
          inUse: ErrorCode.SERIES_IN_USE,
        }),
      );
      return null;
    }),
  ];
}

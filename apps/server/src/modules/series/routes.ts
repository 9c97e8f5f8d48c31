import { ErrorCode, addSeries, deleteSeries, listSeries, seriesOptions, updateSeries, type Series } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { makerScope, operatorName } from '../catalog/catalog-access.ts';
import { claimUniqueText } from '../catalog/unique-text.ts';
import { findSeries, listSeriesPage, seriesOptionList } from './repo.ts';

async function existingSeries(db: Kysely<DB>, seriesId: string): Promise<Series> {
  const found = await findSeries(db, seriesId);
  if (!found) fail(ErrorCode.NOT_FOUND);
  return found;
}

/** Product series (seriesManage). */
export function seriesRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listSeries, (input) => listSeriesPage(db, input)),
    route(seriesOptions, () => seriesOptionList(db)),
    route(addSeries, async (input, ctx) => {
      makerScope(ctx);
      const operator = await operatorName(db, ctx);
      const id = await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, { table: 'series', column: 'name', value: input.seriesName, exceptId: null, taken: ErrorCode.SERIES_NAME_TAKEN });
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
        await claimUniqueText(trx, { table: 'series', column: 'name', value: input.seriesName, exceptId: series.seriesId, taken: ErrorCode.SERIES_NAME_TAKEN });
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
      await db.transaction().execute(async (trx) => {
        // Locks the series row: a product being added to it waits, then finds the series gone.
        await trx.selectFrom('series').select('id').where('id', '=', series.seriesId).forUpdate().execute();
        const products = await trx.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).where('series_id', '=', series.seriesId).executeTakeFirstOrThrow();
        if (Number(products.n) > 0) fail(ErrorCode.SERIES_IN_USE, { count: Number(products.n) });
        await trx.deleteFrom('series').where('id', '=', series.seriesId).execute();
      });
      return null;
    }),
  ];
}

import { addSeries, deleteSeries, listSeries, seriesOptions, updateSeries } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { catalogMaker, makerScope } from '../catalog/index.ts';
import { listSeriesPage, seriesOptionList } from './repo.ts';
import { addCatalogSeries, deleteCatalogSeries, renameCatalogSeries } from './service.ts';

/** Product series (seriesManage). */
export function seriesRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listSeries, (input) => listSeriesPage(db, input)),
    route(seriesOptions, (_input, ctx) => seriesOptionList(db, ctx.locale)),
    scopedRoute(addSeries, async (input, ctx) => addCatalogSeries(db, await catalogMaker(db, ctx), input)),
    scopedRoute(updateSeries, async (input, ctx) => renameCatalogSeries(db, await catalogMaker(db, ctx), input)),
    scopedRoute(deleteSeries, async (input, ctx) => {
      makerScope(ctx);
      await deleteCatalogSeries(db, input.seriesId);
      return null;
    }),
  ];
}

import { addDataType, dataTypeOptions, deleteDataType, listDataTypes, updateDataType } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { catalogMaker, makerScope } from '../catalog/index.ts';
import { dataTypeOptionList, listDataTypePage } from './repo.ts';
import { addCatalogDataType, deleteCatalogDataType, updateCatalogDataType } from './service.ts';

/** Data types (dataTypeManage, B166). */
export function dataTypeRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listDataTypes, (input) => listDataTypePage(db, input)),
    route(dataTypeOptions, () => dataTypeOptionList(db)),
    scopedRoute(addDataType, async (input, ctx) =>
      addCatalogDataType(db, await catalogMaker(db, ctx), ctx.locale, input),
    ),
    scopedRoute(updateDataType, async (input, ctx) =>
      updateCatalogDataType(db, await catalogMaker(db, ctx), ctx.locale, input),
    ),
    scopedRoute(deleteDataType, async (input, ctx) => {
      makerScope(ctx);
      await deleteCatalogDataType(db, input.dataTypeId);
      return null;
    }),
  ];
}

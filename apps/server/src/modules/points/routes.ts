import { addPoint, deletePoint, listPoints, pointById, updatePoint } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { catalogMaker, foundOrFail } from '../catalog/index.ts';
import { findVersion } from '../protocols/index.ts';
import { listPointPage } from './repo.ts';
import { addCatalogPoint, deleteCatalogPoint, pointOrFail, updateCatalogPoint } from './service.ts';

/** Protocol points of a version (parameter list, point editor). */
export function pointRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listPoints, async (input, ctx) => {
      await foundOrFail(findVersion(db, input.versionId));
      return listPointPage(db, input, ctx.locale);
    }),
    route(pointById, (input, ctx) => pointOrFail(db, input.pointId, ctx.locale)),
    scopedRoute(addPoint, async (input, ctx) => addCatalogPoint(db, await catalogMaker(db, ctx), ctx.locale, input)),
    scopedRoute(updatePoint, async (input, ctx) =>
      updateCatalogPoint(db, await catalogMaker(db, ctx), ctx.locale, input),
    ),
    scopedRoute(deletePoint, async (input, ctx) => {
      await deleteCatalogPoint(db, await catalogMaker(db, ctx), ctx.locale, input);
      return null;
    }),
  ];
}

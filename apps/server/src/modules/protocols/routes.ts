import {
  addProtocol,
  addProtocolVersion,
  deleteProtocol,
  deleteProtocolVersion,
  listProtocols,
  protocolById,
  protocolOptions,
  updateProtocol,
  updateProtocolVersion,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { catalogMaker, makerScope } from '../catalog/index.ts';
import { listProtocolPage, protocolOptionList } from './repo.ts';
import {
  addCatalogProtocol,
  addCatalogProtocolVersion,
  deleteCatalogProtocol,
  deleteCatalogProtocolVersion,
  protocolOrFail,
  updateCatalogProtocol,
  updateCatalogProtocolVersion,
} from './service.ts';

/** Protocols and their versions (protocalManage, B154). */
export function protocolRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listProtocols, (input, ctx) => listProtocolPage(db, input, ctx.locale)),
    route(protocolOptions, (_input, ctx) => protocolOptionList(db, ctx.locale)),
    route(protocolById, (input, ctx) => protocolOrFail(db, input.protocolId, ctx.locale)),
    scopedRoute(addProtocol, async (input, ctx) =>
      addCatalogProtocol(db, await catalogMaker(db, ctx), input, ctx.locale),
    ),
    scopedRoute(updateProtocol, async (input, ctx) =>
      updateCatalogProtocol(db, await catalogMaker(db, ctx), input, ctx.locale),
    ),
    scopedRoute(deleteProtocol, async (input, ctx) => {
      makerScope(ctx);
      await deleteCatalogProtocol(db, input);
      return null;
    }),
    scopedRoute(addProtocolVersion, async (input, ctx) =>
      addCatalogProtocolVersion(db, await catalogMaker(db, ctx), input),
    ),
    scopedRoute(updateProtocolVersion, async (input, ctx) =>
      updateCatalogProtocolVersion(db, await catalogMaker(db, ctx), input),
    ),
    scopedRoute(deleteProtocolVersion, async (input, ctx) => {
      await deleteCatalogProtocolVersion(db, await catalogMaker(db, ctx), input.versionId);
      return null;
    }),
  ];
}

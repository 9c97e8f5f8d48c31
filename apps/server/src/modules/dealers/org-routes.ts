import {
  addDealers,
  dealersDetail,
  deleteDealers,
  editDealers,
  getSaleScope,
  handOverDealers,
  listDealers,
  resetDealerAdminPassword,
  setDealersEnabled,
  setSaleScope,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { actorOf, route, type CallRoute } from '../../http/call-route.ts';
import { addDealer } from './add-dealer.ts';
import { dealerItemOf } from './dealer-items.ts';
import { orgDb } from './org-db.ts';
import { scopeOf } from './scope.ts';
import * as service from './service.ts';
import { uploaderOf } from '../uploads/index.ts';

/** Dealer management (B135): one line per call; the rules live in service.ts. */
export function dealerOrganizationRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    route(listDealers, async (input, ctx) => service.listDealersInScope(db, scopeOf(ctx), input)),
    route(addDealers, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const added = await addDealer(db, scope, input, ctx);
      return {
        dealer: await dealerItemOf(db, scope, { id: added.dealerId }),
        adminPhone: input.contactPhone,
        adminPassword: added.adminPassword,
        adminInvited: added.adminInvited,
      };
    }),
    route(dealersDetail, async (input, ctx) => service.dealerDetail(db, scopeOf(ctx), input)),
    route(editDealers, async (input, ctx) => service.editDealer(db, scopeOf(ctx), input, uploaderOf(ctx))),
    route(setDealersEnabled, async (input, ctx) => {
      await service.setEnabled(db, scopeOf(ctx), input.id, input.enabled);
      return null;
    }),
    route(deleteDealers, async (input, ctx) => {
      await service.removeDealer(db, scopeOf(ctx), input.id);
      return null;
    }),
    route(handOverDealers, async (input, ctx) => ({
      moved: await service.handOver(db, scopeOf(ctx), input.id, input.toId),
    })),
    route(getSaleScope, async (input, ctx) => ({ areas: await service.saleScope(db, scopeOf(ctx), input.id) })),
    route(setSaleScope, async (input, ctx) => ({
      areas: await service.setSaleScope(db, scopeOf(ctx), input.id, input.areas),
    })),
    route(resetDealerAdminPassword, async (input, ctx) =>
      service.resetAdminPassword(db, scopeOf(ctx), actorOf(ctx), input.id),
    ),
  ];
}

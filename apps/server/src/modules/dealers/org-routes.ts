import {
  addDealers,
  dealersDetail,
  editDealers,
  getSaleScope,
  listDealers,
  resetDealerAdminPassword,
  setDealersEnabled,
  setSaleScope,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { addDealer } from './add-dealer.ts';
import { dealerItemOf } from './dealer-items.ts';
import { orgDb } from './org-db.ts';
import * as service from './service.ts';
import { uploaderOf } from '../uploads/index.ts';

/** Dealer management (B135): one line per call; the rules live in service.ts. Delete and hand-over: modules/dealer-holdings. */
export function dealerOrganizationRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    scopedRoute(listDealers, async (input, ctx) => service.listDealersInScope(db, ctx.scope, input)),
    scopedRoute(addDealers, async (input, ctx) => {
      const scope = ctx.scope;
      const added = await addDealer(db, scope, input, ctx);
      return {
        dealer: await dealerItemOf(db, scope, { id: added.dealerId }),
        adminPhone: input.contactPhone,
        adminPassword: added.adminPassword,
        adminInvited: added.adminInvited,
      };
    }),
    scopedRoute(dealersDetail, async (input, ctx) => service.dealerDetail(db, ctx.scope, input)),
    scopedRoute(editDealers, async (input, ctx) => service.editDealer(db, ctx.scope, input, uploaderOf(ctx))),
    scopedRoute(setDealersEnabled, async (input, ctx) => {
      await service.setEnabled(db, ctx.scope, input.id, input.enabled);
      return null;
    }),
    scopedRoute(getSaleScope, async (input, ctx) => ({ areas: await service.saleScope(db, ctx.scope, input.id) })),
    scopedRoute(setSaleScope, async (input, ctx) => ({
      areas: await service.setSaleScope(db, ctx.scope, input.id, input.areas),
    })),
    scopedRoute(resetDealerAdminPassword, async (input, ctx) =>
      service.resetAdminPassword(db, ctx.scope, ctx.actor, input.id),
    ),
  ];
}

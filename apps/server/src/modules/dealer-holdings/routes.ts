import { deleteDealers, handOverDealers, listDealerDevices, listDealerProjects, OfflineReason } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import type { DeviceAccess } from '../devices/index.ts';
import { vendorReaderOf } from '../points/index.ts';
import { dealerDevicePage, dealerProjectPage, deleteDealerWithHoldings, handOverWithHoldings } from './service.ts';

/**
 * A dealer's devices and projects (dealer management, B135): its detail page's tables, its delete and
 * hand-over. A device handed over ends its connection like a moved one (devices/action-routes.ts).
 */
export function dealerHoldingsRoutes(db: Kysely<DB>, access?: DeviceAccess): CallRoute[] {
  return [
    scopedRoute(listDealerDevices, async (input, ctx) =>
      dealerDevicePage(
        db,
        ctx.scope,
        await vendorReaderOf(db, ctx.actor.userId, ctx.scope.dealerId),
        input,
        ctx.locale,
      ),
    ),
    scopedRoute(listDealerProjects, (input, ctx) => dealerProjectPage(db, ctx.scope, input, ctx.locale)),
    scopedRoute(deleteDealers, async (input, ctx) => {
      await deleteDealerWithHoldings(db, ctx.scope, input.id);
      return null;
    }),
    scopedRoute(handOverDealers, async (input, ctx) => {
      const operator = await operatorOf(db, ctx.scope, ctx);
      const { deviceCodes, ...counts } = await handOverWithHoldings(db, ctx.scope, operator, input);
      for (const code of deviceCodes) access?.revoke(code, OfflineReason.NO_PERMISSION);
      if (counts.devices > 0) access?.countsChanged([input.id, input.toId]);
      return counts;
    }),
  ];
}

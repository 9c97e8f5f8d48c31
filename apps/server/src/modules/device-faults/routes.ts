import { listAbnormalDevices, listFaults, repairFault } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { operatorOf } from '../device-commands/index.ts';
import { offsetOf } from '../../db/page.ts';
import { abnormalPage } from './abnormal-repo.ts';
import { faultDescription, withDescriptions } from './fault-descriptions.ts';
import { faultPage } from './fault-repo.ts';
import { repairScopedFault } from './repair.ts';

/** faultDeviceManage (B272: the subtree's faults, mark repaired) and abnormalDeviceManage (B205). */
export function deviceFaultRoutes(
  db: Kysely<DB>,
  side: { profiles: DeviceProfiles; events: DeviceEvents },
): CallRoute[] {
  return [
    scopedRoute(listFaults, async (input, ctx) => {
      const { pageIndex, pageSize, ...filter } = input;
      const page = await faultPage(db, ctx.scope, ctx.actor.userId, ctx.locale, filter, {
        limit: pageSize,
        offset: offsetOf(pageIndex, pageSize),
      });
      return { totalSize: page.totalSize, list: await withDescriptions(side.profiles, ctx.locale, page.list) };
    }),
    scopedRoute(repairFault, async (input, ctx) => {
      const scope = ctx.scope;
      const repaired = await repairScopedFault(
        db,
        side.events,
        scope,
        await operatorOf(db, scope, ctx),
        ctx.locale,
        input.faultId,
      );
      return { ...repaired, description: await faultDescription(side.profiles, ctx.locale, repaired) };
    }),
    scopedRoute(listAbnormalDevices, async (input, ctx) => {
      const { pageIndex, pageSize, ...filter } = input;
      return abnormalPage(db, ctx.scope, ctx.locale, filter, {
        limit: pageSize,
        offset: offsetOf(pageIndex, pageSize),
      });
    }),
  ];
}

import { ErrorCode, listAbnormalDevices, listFaults, repairFault } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import { fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { foundOrFail } from '../catalog/found.ts';
import { operatorOf } from '../device-commands/routes.ts';
import { offsetOf, peopleScopeOf } from '../managed-accounts/scope.ts';
import { abnormalPage } from './abnormal-repo.ts';
import { faultDescription, withDescriptions } from './fault-descriptions.ts';
import { closeAsRepaired, faultInScope, faultPage } from './fault-repo.ts';

/** faultDeviceManage (B272: the subtree's faults, mark repaired) and abnormalDeviceManage (B205). */
export function deviceFaultRoutes(db: Kysely<DB>, side: { profiles: DeviceProfiles; events: DeviceEvents }): CallRoute[] {
  return [
    route(listFaults, async (input, ctx) => {
      const { pageIndex, pageSize, ...filter } = input;
      const page = await faultPage(db, peopleScopeOf(ctx), sessionOf(ctx).userId, ctx.locale, filter, { limit: pageSize, offset: offsetOf(pageIndex, pageSize) });
      return { totalSize: page.totalSize, list: await withDescriptions(side.profiles, page.list) };
    }),
    route(repairFault, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const userId = sessionOf(ctx).userId;
      const fault = await foundOrFail(faultInScope(db, scope, userId, ctx.locale, input.faultId));
      if (fault.status === 'repaired') fail(ErrorCode.FAULT_ALREADY_REPAIRED);
      const at = new Date();
      // Closed meanwhile by the device's report, or by another person.
      if (!(await closeAsRepaired(db, fault.faultId, await operatorOf(db, scope, ctx), at))) fail(ErrorCode.FAULT_ALREADY_REPAIRED);
      const dealer = await db.selectFrom('devices').select('dealer_id').where('id', '=', fault.deviceId).executeTakeFirstOrThrow();
      side.events.publish({
        kind: 'fault', deviceId: fault.deviceId, deviceCode: fault.deviceCode, dealerId: dealer.dealer_id, faultCode: fault.faultCode, level: fault.level, open: false, at: at.toISOString(),
      });
      const repaired = await foundOrFail(faultInScope(db, scope, userId, ctx.locale, fault.faultId));
      return { ...repaired, description: await faultDescription(side.profiles, repaired) };
    }),
    route(listAbnormalDevices, async (input, ctx) => {
      const { pageIndex, pageSize, ...filter } = input;
      return abnormalPage(db, peopleScopeOf(ctx), ctx.locale, filter, { limit: pageSize, offset: offsetOf(pageIndex, pageSize) });
    }),
  ];
}

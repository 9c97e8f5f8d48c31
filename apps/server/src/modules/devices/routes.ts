import {
  addDevice,
  deleteDevice,
  getDevice,
  listDevices,
  listFilterPoints,
  OfflineReason,
  resetDeviceSecret,
  updateDevice,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { withFollowed } from '../device-list/index.ts';
import { vendorReaderOf } from '../points/index.ts';
import { filterPoints, listReaderOf } from './filter-points.ts';
import { listDevicePage } from './repo.ts';
import { deviceAccessRoutes, type DeviceAccess } from './access-routes.ts';
import type { SecretBox } from './secret-box.ts';
import {
  addScopedDevice,
  deleteScopedDevice,
  resetScopedDeviceSecret,
  shownDevice,
  updateScopedDevice,
} from './service.ts';

/** The device registry (device list, B94). */
export function deviceRoutes(db: Kysely<DB>, box: SecretBox, access?: DeviceAccess): CallRoute[] {
  const admitted = <T extends { deviceCode: string }>(device: T): T => {
    access?.admit(device.deviceCode);
    return device;
  };
  const operator = (ctx: ScopedContext) => operatorOf(db, ctx.scope, ctx);
  return [
    scopedRoute(listDevices, async (input, ctx) => {
      const page = await listDevicePage(db, ctx.scope, await listReaderOf(db, ctx, input), input, ctx.locale);
      return { ...page, list: await withFollowed(db, ctx.actor.userId, page.list) };
    }),
    scopedRoute(addDevice, async (input, ctx) => {
      const added = admitted(await addScopedDevice(db, box, ctx.scope, await operator(ctx), input, ctx.locale));
      // The owner was checked by the add (ownerForNewRecord): the one named, or the company itself.
      access?.countsChanged([input.ownerDealerId || ctx.scope.dealerId]);
      return added;
    }),
    scopedRoute(getDevice, async (input, ctx) => {
      const device = await shownDevice(db, ctx.scope, input.deviceId, ctx.locale);
      const [withFlag] = await withFollowed(db, ctx.actor.userId, [device]);
      return withFlag!;
    }),
    scopedRoute(updateDevice, async (input, ctx) =>
      updateScopedDevice(db, ctx.scope, await operator(ctx), input, ctx.locale),
    ),
    scopedRoute(deleteDevice, async (input, ctx) =>
      deleteScopedDevice(db, ctx.scope, await operator(ctx), input.deviceId, ctx.locale, (code, dealerId) => {
        access?.revoke(code, OfflineReason.DELETED);
        access?.countsChanged([dealerId]);
      }),
    ),
    scopedRoute(resetDeviceSecret, async (input, ctx) =>
      resetScopedDeviceSecret(db, box, ctx.scope, await operator(ctx), input.deviceId, ctx.locale, (code) =>
        access?.revoke(code, OfflineReason.NO_PERMISSION),
      ),
    ),
    scopedRoute(listFilterPoints, async (input, ctx) =>
      filterPoints(db, input.productId, await vendorReaderOf(db, ctx.actor.userId, ctx.scope.dealerId), ctx.locale),
    ),
    ...deviceAccessRoutes(db, access),
  ];
}

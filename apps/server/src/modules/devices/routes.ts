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
import { route, sessionOf, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { withFollowed } from '../device-list/index.ts';
import { foundOrFail } from '../catalog/index.ts';
import { peopleScopeOf } from '../managed-accounts/index.ts';
import { vendorReaderOf } from '../points/index.ts';
import { filterPoints, listReaderOf } from './filter-points.ts';
import { findDevice, listDevicePage } from './repo.ts';
import { deviceAccessRoutes, type DeviceAccess } from './access-routes.ts';
import type { SecretBox } from './secret-box.ts';
import { addScopedDevice, deleteScopedDevice, resetScopedDeviceSecret, updateScopedDevice } from './service.ts';

/** The device registry (device list, B94). */
export function deviceRoutes(db: Kysely<DB>, box: SecretBox, access?: DeviceAccess): CallRoute[] {
  const admitted = <T extends { deviceCode: string }>(device: T): T => {
    access?.admit(device.deviceCode);
    return device;
  };
  const operator = (ctx: CallContext) => operatorOf(db, peopleScopeOf(ctx), ctx);
  return [
    route(listDevices, async (input, ctx) => {
      const page = await listDevicePage(db, peopleScopeOf(ctx), await listReaderOf(db, ctx, input), input, ctx.locale);
      return { ...page, list: await withFollowed(db, sessionOf(ctx).userId, page.list) };
    }),
    route(addDevice, async (input, ctx) =>
      admitted(await addScopedDevice(db, box, peopleScopeOf(ctx), await operator(ctx), input, ctx.locale)),
    ),
    route(getDevice, async (input, ctx) => {
      const device = await foundOrFail(findDevice(db, peopleScopeOf(ctx), input.deviceId, ctx.locale));
      const [withFlag] = await withFollowed(db, sessionOf(ctx).userId, [device]);
      return withFlag!;
    }),
    route(updateDevice, async (input, ctx) =>
      updateScopedDevice(db, peopleScopeOf(ctx), await operator(ctx), input, ctx.locale),
    ),
    route(deleteDevice, async (input, ctx) =>
      deleteScopedDevice(db, peopleScopeOf(ctx), await operator(ctx), input.deviceId, ctx.locale, (code) =>
        access?.revoke(code, OfflineReason.DELETED),
      ),
    ),
    route(resetDeviceSecret, async (input, ctx) =>
      resetScopedDeviceSecret(db, box, peopleScopeOf(ctx), await operator(ctx), input.deviceId, ctx.locale, (code) =>
        access?.revoke(code, OfflineReason.NO_PERMISSION),
      ),
    ),
    route(listFilterPoints, async (input, ctx) =>
      filterPoints(db, input.productId, await vendorReaderOf(db, sessionOf(ctx).userId, peopleScopeOf(ctx).dealerId)),
    ),
    ...deviceAccessRoutes(db, access),
  ];
}

import {
  getDeviceThingModel,
  getDeviceValues,
  getPointHistory,
  listDevicePackets,
  listDeviceFaults,
  listDeviceRefusals,
  listDeviceStatusHistory,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { viewableFaultLevels } from '../device-faults/fault-levels.ts';
import { deviceInScope } from '../devices/device-in-scope.ts';
import { currentPoints } from './current-points.ts';
import { publishedThingModel } from './device-thing-model.ts';
import { historyRoutes } from './history-routes.ts';
import { thinHistory } from './history-thinning.ts';
import { pointReaderOf, readablePointHistory } from './point-reader.ts';
import { parsedPackets } from './packet-log.ts';
import { deviceFaultPage, devicePacketPage, deviceRefusals, deviceStatusPage } from './repo.ts';

/** The read calls over what the ingest stored (B94), each for a device of the caller's subtree. */
export function telemetryRoutes(db: Kysely<DB>, profiles: DeviceProfiles): CallRoute[] {
  const device = (ctx: ScopedContext, deviceId: string) => deviceInScope(db, ctx.scope, { id: deviceId });
  return [
    scopedRoute(getDeviceValues, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      return currentPoints(db, profiles, found, reader);
    }),
    scopedRoute(getDeviceThingModel, async (input, ctx) =>
      publishedThingModel(db, (await device(ctx, input.deviceId)).productId),
    ),
    scopedRoute(getPointHistory, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      return thinHistory(
        await readablePointHistory(
          db,
          profiles,
          found,
          reader,
          input.addressList,
          new Date(input.startTime),
          new Date(input.endTime),
        ),
        input.maxPoints,
      );
    }),
    scopedRoute(listDeviceFaults, async (input, ctx) => {
      const [found, levels] = await Promise.all([
        device(ctx, input.deviceId),
        viewableFaultLevels(db, ctx.actor.userId, ctx.scope.dealerId),
      ]);
      return deviceFaultPage(db, found, input, levels);
    }),
    scopedRoute(listDeviceStatusHistory, async (input, ctx) =>
      deviceStatusPage(db, await device(ctx, input.deviceId), input, ctx.locale),
    ),
    scopedRoute(listDeviceRefusals, async (input, ctx) => deviceRefusals(db, await device(ctx, input.deviceId))),
    scopedRoute(listDevicePackets, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      const [profile, page] = await Promise.all([profiles.get(found.code), devicePacketPage(db, found, input)]);
      return parsedPackets(ctx.locale, reader, profile, page);
    }),
    ...historyRoutes(db, profiles, device),
  ];
}

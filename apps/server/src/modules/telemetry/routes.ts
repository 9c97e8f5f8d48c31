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
import { route, sessionOf, type CallContext, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { foundOrFail } from '../catalog/index.ts';
import { viewableFaultLevels } from '../device-faults/index.ts';
import { peopleScopeOf } from '../managed-accounts/index.ts';
import { currentPoints } from './current-points.ts';
import { publishedThingModel } from './device-thing-model.ts';
import { historyRoutes } from './history-routes.ts';
import { thinHistory } from './history-thinning.ts';
import { pointReaderOf, readablePointHistory } from './point-reader.ts';
import { parsedPackets } from './packet-log.ts';
import { scopedDevice } from '../devices/index.ts';
import { deviceFaultPage, devicePacketPage, deviceRefusals, deviceStatusPage } from './repo.ts';

/** The read calls over what the ingest stored (B94), each for a device of the caller's subtree. */
export function telemetryRoutes(db: Kysely<DB>, profiles: DeviceProfiles): CallRoute[] {
  const device = (ctx: CallContext, deviceId: string) => foundOrFail(scopedDevice(db, peopleScopeOf(ctx), deviceId));
  return [
    route(getDeviceValues, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      return currentPoints(db, profiles, found, reader);
    }),
    route(getDeviceThingModel, async (input, ctx) =>
      publishedThingModel(db, (await device(ctx, input.deviceId)).productId),
    ),
    route(getPointHistory, async (input, ctx) => {
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
    route(listDeviceFaults, async (input, ctx) => {
      const [found, levels] = await Promise.all([
        device(ctx, input.deviceId),
        viewableFaultLevels(db, sessionOf(ctx).userId, peopleScopeOf(ctx).dealerId),
      ]);
      return deviceFaultPage(db, found.id, input, levels);
    }),
    route(listDeviceStatusHistory, async (input, ctx) =>
      deviceStatusPage(db, (await device(ctx, input.deviceId)).id, input, ctx.locale),
    ),
    route(listDeviceRefusals, async (input, ctx) => deviceRefusals(db, (await device(ctx, input.deviceId)).code)),
    route(listDevicePackets, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      const [profile, page] = await Promise.all([profiles.get(found.code), devicePacketPage(db, found.id, input)]);
      return parsedPackets(ctx.locale, reader, profile, page);
    }),
    ...historyRoutes(db, profiles, device),
  ];
}

import { exportPointHistory, getDeviceValuesAt, listDeviceTraffic } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import type { DeviceInScope } from '../devices/device-in-scope.ts';
import { devicePoints } from './current-points.ts';
import { historyFileName, historyWorkbook } from './history-export.ts';
import { pointReaderOf, readablePointHistory } from './point-reader.ts';
import { deviceTrafficPage } from './traffic-repo.ts';
import { valuesAt } from './values-at.ts';

type FindDevice = (ctx: ScopedContext, deviceId: string) => Promise<DeviceInScope>;

/** The device detail's history calls (issue 11): values at a moment, the curve's Excel export, the traffic log. */
export function historyRoutes(db: Kysely<DB>, profiles: DeviceProfiles, device: FindDevice): CallRoute[] {
  return [
    scopedRoute(getDeviceValuesAt, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      return valuesAt(db, profiles, found, new Date(input.time), reader);
    }),
    scopedRoute(exportPointHistory, async (input, ctx) => {
      const [found, reader] = await Promise.all([device(ctx, input.deviceId), pointReaderOf(db, ctx)]);
      const [history, points] = await Promise.all([
        readablePointHistory(
          db,
          profiles,
          found,
          reader,
          input.addressList,
          new Date(input.startTime),
          new Date(input.endTime),
        ),
        devicePoints(db, profiles, found, reader),
      ]);
      const file = await historyWorkbook(ctx.locale, history, points);
      return {
        fileName: historyFileName(found.code, input.startTime, input.endTime),
        contentBase64: file.toString('base64'),
        rowCount: history.times.length,
      };
    }),
    scopedRoute(listDeviceTraffic, async (input, ctx) =>
      deviceTrafficPage(db, await device(ctx, input.deviceId), input),
    ),
  ];
}

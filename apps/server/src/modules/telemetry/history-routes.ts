import { exportPointHistory, getDeviceValuesAt, listDeviceTraffic } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallContext, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { devicePoints } from './current-points.ts';
import { historyFileName, historyWorkbook } from './history-export.ts';
import { pointHistory } from './history-repo.ts';
import { deviceTrafficPage } from './traffic-repo.ts';
import { valuesAt } from './values-at.ts';

type FindDevice = (ctx: CallContext, deviceId: string) => Promise<{ id: string; code: string; productId: string }>;

/** The device detail's history calls (issue 11): values at a moment, the curve's Excel export, the traffic log. */
export function historyRoutes(db: Kysely<DB>, profiles: DeviceProfiles, device: FindDevice): CallRoute[] {
  return [
    route(getDeviceValuesAt, async (input, ctx) => valuesAt(db, profiles, await device(ctx, input.deviceId), new Date(input.time), ctx.locale)),
    route(exportPointHistory, async (input, ctx) => {
      const found = await device(ctx, input.deviceId);
      const [history, points] = await Promise.all([
        pointHistory(db, found.id, input.addressList, new Date(input.startTime), new Date(input.endTime)),
        devicePoints(db, profiles, found),
      ]);
      const file = await historyWorkbook(ctx.locale, history, points);
      return { fileName: historyFileName(found.code, input.startTime, input.endTime), contentBase64: file.toString('base64'), rowCount: history.times.length };
    }),
    route(listDeviceTraffic, async (input, ctx) => deviceTrafficPage(db, (await device(ctx, input.deviceId)).id, input)),
  ];
}

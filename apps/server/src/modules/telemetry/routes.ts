import {
  faultNow,
  getAddressHistoryValue,
  getPointPosition,
  exportPointHistory,
  getDeviceThingModel,
  getDeviceValues,
  getDeviceValuesAt,
  getPointHistory,
  listDevicePackets,
  listDeviceFaults,
  listDeviceRefusals,
  listDeviceStatusHistory,
  listDeviceTraffic,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import * as service from './service.ts';

/**
 * The read calls over what the ingest stored (B94), the device detail's history calls (issue 11) and the same
 * reads under the dashboard's spec names (issue 21, by IoT code): one line per call, the rules live in service.ts.
 */
export function telemetryRoutes(db: Kysely<DB>, profiles: DeviceProfiles): CallRoute[] {
  const deps = { db, profiles };
  return [
    scopedRoute(getDeviceValues, (input, ctx) => service.deviceValues(deps, ctx, input.deviceId)),
    scopedRoute(getDeviceThingModel, (input, ctx) => service.deviceThingModel(deps, ctx, input.deviceId)),
    scopedRoute(getPointHistory, (input, ctx) => service.pointHistory(deps, ctx, input.deviceId, input)),
    scopedRoute(getAddressHistoryValue, (input, ctx) =>
      service.pointHistory(deps, ctx, { code: input.deviceCode }, input),
    ),
    scopedRoute(getPointPosition, (input, ctx) => service.pointPositions(deps, ctx, input)),
    scopedRoute(faultNow, (input, ctx) => service.currentFaults(deps, ctx, input)),
    scopedRoute(listDeviceFaults, (input, ctx) => service.deviceFaults(deps, ctx, input)),
    scopedRoute(listDeviceStatusHistory, (input, ctx) => service.deviceStatusHistory(deps, ctx, input)),
    scopedRoute(listDeviceRefusals, (input, ctx) => service.deviceRefusalList(deps, ctx, input.deviceId)),
    scopedRoute(listDevicePackets, (input, ctx) => service.devicePackets(deps, ctx, input)),
    scopedRoute(getDeviceValuesAt, (input, ctx) => service.deviceValuesAt(deps, ctx, input)),
    scopedRoute(exportPointHistory, (input, ctx) => service.pointHistoryFile(deps, ctx, input)),
    scopedRoute(listDeviceTraffic, (input, ctx) => service.deviceTraffic(deps, ctx, input)),
  ];
}

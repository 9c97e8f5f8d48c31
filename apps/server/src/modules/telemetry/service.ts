import type {
  exportPointHistory,
  getDeviceValuesAt,
  getPointHistory,
  listDeviceFaults,
  listDevicePackets,
  listDeviceStatusHistory,
  listDeviceTraffic,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { viewableFaultLevels, withDescriptions } from '../device-faults/index.ts';
import { deviceInScope, type DeviceInScope } from '../devices/index.ts';
import { currentPoints, devicePoints, type PointReader } from './current-points.ts';
import { publishedThingModel } from './device-thing-model.ts';
import { historyFileName, historyWorkbook } from './history-export.ts';
import { thinHistory } from './history-thinning.ts';
import { parsedPackets } from './packet-log.ts';
import { pointReaderOf, readablePointHistory } from './point-reader.ts';
import { deviceFaultPage, devicePacketPage, deviceRefusals, deviceStatusPage } from './repo.ts';
import { deviceTrafficPage } from './traffic-repo.ts';
import { valuesAt } from './values-at.ts';

/**
 * The reads over what the ingest stored (B94), each for a device of the caller's subtree: one access check
 * (the device in scope, NOT_FOUND for a missing or foreign one), then the repositories.
 */

export interface TelemetryDeps {
  db: Kysely<DB>;
  profiles: DeviceProfiles;
}

/** Who reads: the company acted for, the account, the language. */
export type Viewer = Pick<ScopedContext, 'scope' | 'actor' | 'locale' | 'timeZone'>;

type Request<C extends { request: z.ZodType }> = z.output<C['request']>;

const deviceOf = (deps: TelemetryDeps, viewer: Viewer, deviceId: string): Promise<DeviceInScope> =>
  deviceInScope(deps.db, viewer.scope, { id: deviceId });

/** The device and the viewer as a reader of its points, found at once. */
const deviceAndReader = (
  deps: TelemetryDeps,
  viewer: Viewer,
  deviceId: string,
): Promise<[DeviceInScope, PointReader]> =>
  Promise.all([deviceOf(deps, viewer, deviceId), pointReaderOf(deps.db, viewer)]);

export async function deviceValues(deps: TelemetryDeps, viewer: Viewer, deviceId: string) {
  const [device, reader] = await deviceAndReader(deps, viewer, deviceId);
  return currentPoints(deps.db, deps.profiles, device, reader);
}

export async function deviceThingModel(deps: TelemetryDeps, viewer: Viewer, deviceId: string) {
  return publishedThingModel(deps.db, (await deviceOf(deps, viewer, deviceId)).productId);
}

/** The history of `addresses` the viewer may read between two instants (unthinned). */
async function readableHistory(
  deps: TelemetryDeps,
  device: DeviceInScope,
  reader: PointReader,
  input: { addressList: number[]; startTime: string; endTime: string },
) {
  const { addressList, startTime, endTime } = input;
  return readablePointHistory(
    deps.db,
    deps.profiles,
    device,
    reader,
    addressList,
    new Date(startTime),
    new Date(endTime),
  );
}

export async function pointHistory(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof getPointHistory>) {
  const [device, reader] = await deviceAndReader(deps, viewer, input.deviceId);
  return thinHistory(await readableHistory(deps, device, reader, input), input.maxPoints);
}

export async function deviceFaults(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof listDeviceFaults>) {
  const [device, levels] = await Promise.all([
    deviceOf(deps, viewer, input.deviceId),
    viewableFaultLevels(deps.db, viewer.actor.userId, viewer.scope.dealerId),
  ]);
  const page = await deviceFaultPage(deps.db, device, input, levels);
  const rows = page.list.map((fault) => ({ ...fault, deviceCode: device.code }));
  const described = await withDescriptions(deps.profiles, viewer.locale, rows);
  return { totalSize: page.totalSize, list: described.map(({ deviceCode: _, ...fault }) => fault) };
}

export async function deviceStatusHistory(
  deps: TelemetryDeps,
  viewer: Viewer,
  input: Request<typeof listDeviceStatusHistory>,
) {
  return deviceStatusPage(deps.db, await deviceOf(deps, viewer, input.deviceId), input, viewer.locale);
}

export async function deviceRefusalList(deps: TelemetryDeps, viewer: Viewer, deviceId: string) {
  return deviceRefusals(deps.db, await deviceOf(deps, viewer, deviceId));
}

export async function devicePackets(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof listDevicePackets>) {
  const [device, reader] = await deviceAndReader(deps, viewer, input.deviceId);
  const [profile, page] = await Promise.all([deps.profiles.get(device.code), devicePacketPage(deps.db, device, input)]);
  return parsedPackets(viewer.locale, reader, profile, page);
}

export async function deviceValuesAt(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof getDeviceValuesAt>) {
  const [device, reader] = await deviceAndReader(deps, viewer, input.deviceId);
  return valuesAt(deps.db, deps.profiles, device, new Date(input.time), reader);
}

/** The curve's Excel export: the readable history with every readable point named. */
export async function pointHistoryFile(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof exportPointHistory>) {
  const [device, reader] = await deviceAndReader(deps, viewer, input.deviceId);
  const [history, points] = await Promise.all([
    readableHistory(deps, device, reader, input),
    devicePoints(deps.db, deps.profiles, device, reader),
  ]);
  const file = await historyWorkbook(viewer, history, points);
  return {
    fileName: historyFileName(device.code, input.startTime, input.endTime, viewer.timeZone),
    contentBase64: file.toString('base64'),
    rowCount: history.times.length,
  };
}

export async function deviceTraffic(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof listDeviceTraffic>) {
  return deviceTrafficPage(deps.db, await deviceOf(deps, viewer, input.deviceId), input);
}

import {
  ErrorCode,
  type faultNow,
  type exportPointHistory,
  type getDeviceValuesAt,
  type getPointHistory,
  type getPointPosition,
  type listDeviceFaults,
  type listDevicePackets,
  type listDeviceStatusHistory,
  type listDeviceTraffic,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { fail } from '../../http/app-error.ts';
import { viewableFaultLevels, withDescriptions } from '../device-faults/index.ts';
import { deviceInScope, type DeviceInScope } from '../devices/index.ts';
import { currentPoints, devicePoints, type PointReader } from './current-points.ts';
import { publishedThingModel } from './device-thing-model.ts';
import { historyFileName, historyWorkbook } from './history-export.ts';
import { thinHistory } from './history-thinning.ts';
import { parsedPackets } from './packet-log.ts';
import { pointPositionOf } from './point-position.ts';
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

/** A device named by id (the detail pages) or by IoT code (the dashboard's spec calls). */
export type DeviceKey = string | { code: string };

const deviceOf = (deps: TelemetryDeps, viewer: Viewer, key: DeviceKey): Promise<DeviceInScope> =>
  deviceInScope(deps.db, viewer.scope, typeof key === 'string' ? { id: key } : key);

/** The device and the viewer as a reader of its points, found at once. */
const deviceAndReader = (deps: TelemetryDeps, viewer: Viewer, key: DeviceKey): Promise<[DeviceInScope, PointReader]> =>
  Promise.all([deviceOf(deps, viewer, key), pointReaderOf(deps.db, viewer)]);

/** getPointPosition: a page of the points of a device (by IoT code) the viewer may read, vendor parameters only with B9405. */
export async function pointPositions(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof getPointPosition>) {
  const [device, reader] = await deviceAndReader(deps, viewer, { code: input.deviceCode });
  const points = await devicePoints(deps.db, deps.profiles, device, reader);
  const start = (input.pageIndex - 1) * input.pageSize;
  return {
    total: points.length,
    dataList: points.slice(start, start + input.pageSize).map(pointPositionOf(viewer.locale)),
  };
}

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

/** The curve of the device detail (by deviceId) and of the dashboard's point trend (by IoT code). */
export async function pointHistory(
  deps: TelemetryDeps,
  viewer: Viewer,
  key: DeviceKey,
  input: Omit<Request<typeof getPointHistory>, 'deviceId'>,
) {
  const [device, reader] = await deviceAndReader(deps, viewer, key);
  return thinHistory(await readableHistory(deps, device, reader, input), input.maxPoints);
}

type FaultFilter = Omit<Request<typeof listDeviceFaults>, 'deviceId'>;

/** A device's faults of the levels the viewer's roles may view, with the device found. */
async function faultsOf(deps: TelemetryDeps, viewer: Viewer, key: DeviceKey, filter: FaultFilter) {
  const [device, levels] = await Promise.all([
    deviceOf(deps, viewer, key),
    viewableFaultLevels(deps.db, viewer.actor.userId, viewer.scope.dealerId),
  ]);
  return { device, page: await deviceFaultPage(deps.db, device, filter, levels) };
}

export async function deviceFaults(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof listDeviceFaults>) {
  const { device, page } = await faultsOf(deps, viewer, input.deviceId, input);
  const rows = page.list.map((fault) => ({ ...fault, deviceCode: device.code }));
  const described = await withDescriptions(deps.profiles, viewer.locale, rows);
  return { totalSize: page.totalSize, list: described.map(({ deviceCode: _, ...fault }) => fault) };
}

/**
 * The dashboard's fault_now: the faults open now on a device (by id, or IoT code when the id is ''), the same
 * list and level rule as the device detail's current faults, each with its description. An id and a code that
 * name different devices answer NOT_FOUND.
 */
export async function currentFaults(deps: TelemetryDeps, viewer: Viewer, input: Request<typeof faultNow>) {
  const key = input.deviceId !== '' ? input.deviceId : { code: input.deviceCode };
  const { device, page } = await faultsOf(deps, viewer, key, {
    current: true,
    startTime: input.startTime || undefined,
    endTime: input.endTime || undefined,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
  });
  if (input.deviceCode !== '' && input.deviceCode !== device.code) fail(ErrorCode.NOT_FOUND);
  const described = await withDescriptions(
    deps.profiles,
    viewer.locale,
    page.list.map((fault) => ({ ...fault, deviceCode: device.code })),
  );
  return {
    total: page.totalSize,
    dataList: described.map((fault) => ({
      faultId: fault.faultId,
      address: fault.address,
      faultCode: fault.faultCode,
      level: fault.level,
      description: fault.description,
      createTime: fault.startTime,
    })),
  };
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

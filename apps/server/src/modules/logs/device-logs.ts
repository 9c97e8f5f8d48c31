import type {
  listCommunicationLog,
  listModuleLinkLog,
  listOperationLog,
  LoggedPacket,
  queryCommunicationLog,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { operationPage } from '../device-commands/index.ts';
import { findDeviceInScope } from '../devices/index.ts';
import { offsetOf } from '../../db/page.ts';
import { parsedPackets, pointReaderOf, type PointReader } from '../telemetry/index.ts';
import type { DtuPage } from './dtu-log-repo.ts';
import { devicePacketsInRange, subtreePacketsInRange, type PacketRow } from './packet-repo.ts';

/**
 * The device logs of log management, over what the device side keeps: raw packets parsed with the device
 * detail's parse and vendor rule (telemetry packet-log.ts), and the device detail's operation log. A device
 * code outside the caller's subtree finds nothing, like an unknown one.
 */

export interface DeviceLogDeps {
  db: Kysely<DB>;
  profiles: DeviceProfiles;
}

type Request<C extends { request: z.ZodType }> = z.output<C['request']>;
type Viewer = Pick<ScopedContext, 'scope' | 'actor' | 'locale'>;

const EMPTY = { totalSize: 0, list: [] };

/** Each packet parsed with its own device's table, as the reader may see it (the screens and the exports). */
export async function parsed(
  deps: DeviceLogDeps,
  reader: PointReader,
  rows: readonly PacketRow[],
): Promise<LoggedPacket[]> {
  const codes = [...new Set(rows.map((row) => row.deviceCode))];
  const profiles = new Map(
    await Promise.all(codes.map(async (code) => [code, await deps.profiles.get(code)] as const)),
  );
  return rows.map((row) => {
    const page = parsedPackets(reader.locale, reader, profiles.get(row.deviceCode), { totalSize: 1, list: [row] });
    return { ...row, ...page.list[0]!, versionId: page.versionId };
  });
}

export async function communicationLog(
  deps: DeviceLogDeps,
  viewer: Viewer,
  input: Request<typeof listCommunicationLog>,
): Promise<{ totalSize: number; list: LoggedPacket[] }> {
  const device = await findDeviceInScope(deps.db, viewer.scope, { code: input.deviceCode });
  if (!device) return EMPTY;
  const [reader, page] = await Promise.all([
    pointReaderOf(deps.db, viewer),
    devicePacketsInRange(deps.db, device, input, {
      limit: input.pageSize,
      offset: offsetOf(input.pageIndex, input.pageSize),
    }),
  ]);
  return { totalSize: page.totalSize, list: await parsed(deps, reader, page.list) };
}

export async function communicationQuery(
  deps: DeviceLogDeps,
  viewer: Viewer,
  input: Request<typeof queryCommunicationLog>,
): Promise<{ totalSize: number; list: LoggedPacket[] }> {
  const [reader, page] = await Promise.all([
    pointReaderOf(deps.db, viewer),
    subtreePacketsInRange(deps.db, viewer.scope, input, {
      limit: input.pageSize,
      offset: offsetOf(input.pageIndex, input.pageSize),
    }),
  ]);
  return { totalSize: page.totalSize, list: await parsed(deps, reader, page.list) };
}

export async function operationLog(deps: DeviceLogDeps, viewer: Viewer, input: Request<typeof listOperationLog>) {
  const device = await findDeviceInScope(deps.db, viewer.scope, { code: input.deviceCode });
  if (!device) return EMPTY;
  const page = await operationPage(deps.db, deps.profiles, device, input, await pointReaderOf(deps.db, viewer));
  return { totalSize: page.totalSize, list: page.list.map((entry) => ({ ...entry, deviceCode: device.code })) };
}

/** The module communication log or the mode log of one device of the subtree (the same search). */
export async function dtuLog<Entry>(
  deps: DeviceLogDeps,
  viewer: Viewer,
  input: Request<typeof listModuleLinkLog>,
  page: DtuPage<Entry>,
): Promise<{ totalSize: number; list: Entry[] }> {
  const device = await findDeviceInScope(deps.db, viewer.scope, { code: input.deviceCode });
  if (!device) return EMPTY;
  return page(deps.db, device, input, { limit: input.pageSize, offset: offsetOf(input.pageIndex, input.pageSize) });
}

import { crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@dcc/contract';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import { DEFAULT_HIGH_WATER, DEFAULT_LOW_WATER, type IngestConfig } from '../../ingest-config.ts';
import type { DeviceProfile, DeviceProfiles } from '../profiles/device-profiles.ts';
import type { UplinkMessage, UplinkSink } from '../device-link.ts';
import type { Presence } from '../presence/presence.ts';
import { batchLanes } from './batch-lane.ts';
import { childrenOnline, messageSubjects, type MessageSubject } from '../gateways/gateway-frames.ts';
import { CurrentValues } from './current-lookup.ts';
import { latestValuesCache, type LatestRow } from './latest-values.ts';
import { ensureDayPartitions } from '../partitions/partitions.ts';
import { decodeForSubject, type DecodedMessage } from './pipeline-decode.ts';
import { publishBatch } from './pipeline-events.ts';
import { writeBatch } from './pipeline-write.ts';
import { EMPTY_THING_MODEL, thingModelIndexes } from '../profiles/thing-model-addresses.ts';
import { flowGate, type FlowGate } from './flow-gate.ts';

export type IngestSettings = Pick<IngestConfig, 'batchSize' | 'batchMs' | 'maxPayloadBytes'> &
  Partial<Pick<IngestConfig, 'lanes' | 'latestCacheDevices' | 'highWater' | 'lowWater'>> & {
    /** The platform's zone, whose days the traffic is counted in (default DEFAULT_TIME_ZONE). */
    timeZone?: string;
  };

export interface IngestLog {
  warn(obj: object, msg: string): void;
}

/** Totals since start, for /metrics: frames handed to the pipeline, and refusals as counted in ingest_refusals. */
export interface IngestStats {
  frames: number;
  refusals: ReadonlyMap<string, number>;
}

export interface IngestPipeline extends UplinkSink {
  /** Closed while the queue is over its high-water mark: the broker side stops reading devices meanwhile. */
  flow: FlowGate;
  stats(): IngestStats;
  /** Writes what is queued, then refuses further messages. */
  close(): Promise<void>;
}

/**
 * The uplink sink: messages queue in one of `lanes` lanes, chosen by device code, so one device's
 * messages always share a lane and are written in order; the lanes write concurrently (their devices
 * never overlap, so neither do the rows they lock). A lane's batch (up to batchSize messages, or what
 * came within batchMs, with what the idle lanes queued: batch-lane.ts) is decoded and written in one
 * transaction (pipeline-write.ts). Every message's
 * promise settles after that commit: resolved when stored or refused and counted, rejected when the
 * write failed (the broker then does not acknowledge and the device sends again). A message is never
 * refused for load: past `highWater` queued messages the flow gate closes and the broker side stops
 * reading devices until the queue is below `lowWater` (flow-gate.ts).
 */
export function ingestPipeline(deps: {
  db: Kysely<DB>;
  profiles: DeviceProfiles;
  events: DeviceEvents;
  log: IngestLog;
  settings: IngestSettings;
  presence?: Presence;
}): IngestPipeline {
  const { db, profiles, events, log, settings } = deps;
  const thingModelOf = thingModelIndexes(db);
  const partitions = new Map<string, Promise<void>>();
  const latestValues = latestValuesCache(db, settings.latestCacheDevices ?? 20_000);
  const reportModes = new Map<string, string>();
  let closed = false;
  const stats = { frames: 0, refusals: new Map<string, number>() };

  const ensureDays = (days: Iterable<string>) =>
    Promise.all(
      [...days].map((day) => {
        let ready = partitions.get(day);
        if (!ready) {
          ready = ensureDayPartitions(db, [day]);
          partitions.set(day, ready);
          ready.catch(() => partitions.delete(day));
        }
        return ready;
      }),
    );

  const decodeBatch = async (
    messages: UplinkMessage[],
  ): Promise<{ decoded: DecodedMessage[]; latest: Map<string, LatestRow>; subjects: MessageSubject[] }> => {
    const subjects = await messageSubjects(db, messages);
    const codes = [
      ...new Set([
        ...messages.map((m) => m.deviceCode),
        ...subjects.flatMap((s) => (s.kind === 'child' ? [s.childCode] : [])),
      ]),
    ];
    const found = new Map<string, DeviceProfile | undefined>(
      await Promise.all(codes.map(async (c) => [c, await profiles.get(c)] as const)),
    );
    const known = [...found.values()].filter((p): p is DeviceProfile => p !== undefined);
    const latest = await latestValues.read(known.map((p) => p.deviceId));
    // A frame device's current values, from its stored row and the batch's messages decoded before.
    const current = new Map<string, CurrentValues>();
    const currentOf = (id: string) => {
      let values = current.get(id);
      if (!values) current.set(id, (values = new CurrentValues(latest.get(id))));
      return values;
    };
    const products = [...new Set(known.filter((p) => p.messageType === 'tm').map((p) => p.productId))];
    const thingModels = new Map(await Promise.all(products.map(async (id) => [id, await thingModelOf(id)] as const)));
    const context = {
      maxPayloadBytes: settings.maxPayloadBytes,
      current: currentOf,
      thingModel: (id: string) => thingModels.get(id) ?? EMPTY_THING_MODEL,
    };
    const decoded = messages.map((m, index) =>
      decodeForSubject(m, subjects[index]!, (code) => found.get(code), context),
    );
    await ensureDays(new Set(decoded.map((m) => m.day)));
    return { decoded, latest, subjects };
  };

  const writeMessages = async (batch: UplinkMessage[]): Promise<void> => {
    // What came on a connection revoked since is not stored (resolved unacknowledged: the connection is gone).
    const messages = batch.filter((message) => !message.revoked?.());
    if (messages.length === 0) return;
    const { decoded, latest, subjects } = await decodeBatch(messages);
    const result = await writeBatch(db, decoded, {
      maxLoggedBytes: settings.maxPayloadBytes,
      latest,
      timeZone: settings.timeZone ?? DEFAULT_TIME_ZONE,
      reportModes,
    });
    for (const { reason, count } of result.refusals)
      stats.refusals.set(reason, (stats.refusals.get(reason) ?? 0) + count);
    latestValues.remember(result.latest);
    publishBatch(events, result);
    // A child a gateway reported for is online once what it reported is stored.
    if (deps.presence) await childrenOnline(deps.presence, decoded, subjects);
  };
  const queued = () => lanes.reduce((sum, lane) => sum + lane.queued, 0);
  const flow = flowGate(
    { highWater: settings.highWater ?? DEFAULT_HIGH_WATER, lowWater: settings.lowWater ?? DEFAULT_LOW_WATER },
    queued,
  );
  const lanes = batchLanes(
    Math.max(1, settings.lanes ?? 1),
    settings,
    writeMessages,
    (error, count) =>
      log.warn({ err: error, messages: count }, 'ingest batch not stored; its messages are not acknowledged'),
    flow.check,
  );

  return {
    flow,
    stats: () => stats,
    store(message) {
      if (closed) return Promise.reject(new Error('the ingest pipeline is closed'));
      stats.frames += 1;
      const stored = lanes[crc32(message.deviceCode) % lanes.length]!.push(message);
      flow.check();
      return stored;
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane.drain()));
    },
  };
}

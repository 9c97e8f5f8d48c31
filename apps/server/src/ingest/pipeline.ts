import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DeviceEvents } from '../events/device-events.ts';
import type { IngestConfig } from '../ingest-config.ts';
import type { DeviceProfile, DeviceProfiles } from './device-profiles.ts';
import type { UplinkMessage, UplinkSink } from './device-link.ts';
import type { Presence } from './presence.ts';
import { ensureDayPartitions } from './partitions.ts';
import { childrenOnline, messageSubjects } from './gateway-frames.ts';
import { decodeForSubject, type DecodedMessage } from './pipeline-decode.ts';
import { publishBatch } from './pipeline-events.ts';
import { writeBatch } from './pipeline-write.ts';
import { thingModelAddresses } from './thing-model-addresses.ts';

export type IngestSettings = Pick<IngestConfig, 'batchSize' | 'batchMs' | 'maxQueue' | 'maxPayloadBytes'>;

export interface IngestLog {
  warn(obj: object, msg: string): void;
}

export interface IngestPipeline extends UplinkSink {
  /** Writes what is queued, then refuses further messages. */
  close(): Promise<void>;
}

interface Pending {
  message: UplinkMessage;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The uplink sink: messages queue, and a batch (up to batchSize messages, or what came within batchMs)
 * is decoded and written in one transaction (pipeline-write.ts). Every message's promise settles
 * after that commit: resolved when stored or refused and counted, rejected when the write failed (the
 * broker then does not acknowledge and the device sends again). One batch is written at a time.
 */
export function ingestPipeline(deps: { db: Kysely<DB>; profiles: DeviceProfiles; events: DeviceEvents; log: IngestLog; settings: IngestSettings; presence?: Presence }): IngestPipeline {
  const { db, profiles, events, log, settings } = deps;
  const propertyAddresses = thingModelAddresses(db);
  const readyDays = new Set<string>();
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let closed = false;

  const schedule = () => {
    if (writing || queue.length === 0) return;
    if (queue.length >= settings.batchSize) {
      writing = flush();
      return;
    }
    timer ??= setTimeout(() => {
      timer = null;
      if (!writing) writing = flush();
    }, settings.batchMs);
  };

  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue.slice(0, settings.batchSize);
    queue = queue.slice(batch.length);
    try {
      const decoded = await decodeBatch(batch.map((p) => p.message));
      const result = await writeBatch(db, decoded, settings.maxPayloadBytes);
      for (const p of batch) p.resolve();
      publishBatch(events, result);
    } catch (error) {
      log.warn({ err: error, messages: batch.length }, 'ingest batch not stored; its messages are not acknowledged');
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const p of batch) p.reject(failure);
    } finally {
      writing = null;
      schedule();
    }
  };

  const decodeBatch = async (messages: UplinkMessage[]): Promise<DecodedMessage[]> => {
    const subjects = await messageSubjects(db, messages);
    const codes = [...new Set([...messages.map((m) => m.deviceCode), ...subjects.flatMap((s) => (s.kind === 'child' ? [s.childCode] : []))])];
    const found = new Map<string, DeviceProfile | undefined>(await Promise.all(codes.map(async (c) => [c, await profiles.get(c)] as const)));
    const known = [...found.values()].filter((p): p is DeviceProfile => p !== undefined);
    const pm = known.filter((p) => p.messageType === 'pm').map((p) => p.deviceId);
    const current = new Map<string, Map<number, number>>(pm.map((id) => [id, new Map()]));
    if (pm.length > 0) {
      for (const row of await db.selectFrom('device_values').select(['device_id', 'point_values']).where('device_id', 'in', pm).execute()) {
        const values = current.get(row.device_id)!;
        for (const [address, value] of Object.entries(row.point_values)) if (typeof value === 'number') values.set(Number(address), value);
      }
    }
    const products = [...new Set(known.filter((p) => p.messageType === 'tm').map((p) => p.productId))];
    const addresses = new Map(await Promise.all(products.map(async (id) => [id, await propertyAddresses(id)] as const)));
    const days = new Set(messages.map((m) => m.receivedAt.toISOString().slice(0, 10)).filter((d) => !readyDays.has(d)));
    if (days.size > 0) {
      await ensureDayPartitions(db, days);
      for (const d of days) readyDays.add(d);
    }
    const context = {
      maxPayloadBytes: settings.maxPayloadBytes,
      current: (id: string) => current.get(id) ?? new Map<number, number>(),
      propertyAddresses: (id: string) => addresses.get(id) ?? new Map<string, number>(),
    };
    const decoded = messages.map((m, index) => decodeForSubject(m, subjects[index]!, (code) => found.get(code), context));
    if (deps.presence) await childrenOnline(deps.presence, decoded, subjects);
    return decoded;
  };

  return {
    store(message) {
      if (closed) return Promise.reject(new Error('the ingest pipeline is closed'));
      if (queue.length >= settings.maxQueue) return Promise.reject(new Error('the ingest queue is full'));
      return new Promise<void>((resolve, reject) => {
        queue.push({ message, resolve, reject });
        schedule();
      });
    },
    async close() {
      closed = true;
      while (writing || queue.length > 0) {
        if (!writing) writing = flush();
        await writing;
      }
    },
  };
}

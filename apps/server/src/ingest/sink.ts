import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { DeviceEvents } from '../events/device-events.ts';
import type { UplinkSink } from './device-link.ts';
import type { DeviceProfiles } from './profiles/device-profiles.ts';
import { startPartitionJob } from './partitions/partitions.ts';
import { ingestPipeline, type IngestStats } from './pipeline/pipeline.ts';
import type { Presence } from './presence/presence.ts';

/** What a sink is built from; the device side builds it once the profiles and events exist. */
export interface SinkDeps {
  config: Config;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  events: DeviceEvents;
  profiles: DeviceProfiles;
  /** Children a gateway reports for come online through it (docs/device-protocol.md section 17). */
  presence?: Presence;
  /** Told of each run of a scheduled job (the partition job), for /metrics. */
  onJobRun?: JobRunListener;
}

/** A scheduled job's run ended: `ok` or `failed`. */
export type JobRunListener = (job: string, outcome: 'ok' | 'failed') => void;

/** A sink; `close` (when it has one) stores what it holds and stops, after the broker side stopped taking messages. */
export type ClosableSink = UplinkSink & { close?(): Promise<void>; stats?(): IngestStats };
export type SinkFactory = (deps: SinkDeps) => ClosableSink;

/**
 * The sink of the server: the ingest pipeline (batched decode and storage), with the job that makes the
 * ingest's day partitions ahead of time and drops the point history's past HISTORY_RETENTION_DAYS (the raw
 * packets and the DTU logs are the log retention job's).
 */
export const serverSink: SinkFactory = ({ config, db, log, events, profiles, presence, onJobRun }) => {
  const pipeline = ingestPipeline({
    db,
    profiles,
    events,
    log,
    settings: { ...config.ingest, timeZone: config.timeZone },
    presence,
  });
  const stopPartitionJob = startPartitionJob(db, { retentionDays: config.ingest.retentionDays, log, onRun: onJobRun });
  return {
    store: (message) => pipeline.store(message),
    flow: pipeline.flow,
    stats: () => pipeline.stats(),
    async close() {
      await stopPartitionJob();
      await pipeline.close();
    },
  };
};

import { envInteger } from './limits-config.ts';

/** Settings of the ingest pipeline (ingest/pipeline/pipeline.ts) and the history retention job. */
export interface IngestConfig {
  /** Messages written in one transaction at most. */
  batchSize: number;
  /**
   * How long the first queued message waits for a batch to fill (ms). Below capacity a batch's fixed
   * cost (its statement's round trip, planning, the events) is shared by what came meanwhile: at
   * 1,500 frames/s 20 ms gives batches of ~30 frames. 100 ms (~150 frames) was tried and stalled the OTA
   * upgrades through an external Mosquitto (docs/PERFORMANCE.md, issue 18 item 9, fifth round).
   */
  batchMs: number;
  /** Batches written at the same time, each by its own lane of devices (a device's messages always share one). */
  lanes: number;
  /** Devices whose latest values the ingest keeps a copy of (least recently reporting dropped first); others are read per batch. */
  latestCacheDevices: number;
  /**
   * Messages queued at which the broker side stops reading devices' connections (TCP backpressure:
   * devices wait, their PUBACKs come later), and below which it reads them again. Nothing is refused for load.
   */
  highWater: number;
  lowWater: number;
  /** A payload longer than this is refused ('ingest.oversized') and counted. */
  maxPayloadBytes: number;
  /** Days of point history and raw packets kept; older day partitions are dropped (0: keep forever). */
  retentionDays: number;
}

export const DEFAULT_HIGH_WATER = 4000;
export const DEFAULT_LOW_WATER = 2000;

export function loadIngestConfig(env: NodeJS.ProcessEnv): IngestConfig {
  const highWater = Math.max(1, envInteger(env.INGEST_HIGH_WATER, DEFAULT_HIGH_WATER, 'INGEST_HIGH_WATER'));
  return {
    batchSize: Math.max(1, envInteger(env.INGEST_BATCH_SIZE, 500, 'INGEST_BATCH_SIZE')),
    batchMs: envInteger(env.INGEST_BATCH_MS, 20, 'INGEST_BATCH_MS'),
    lanes: Math.max(1, envInteger(env.INGEST_LANES, 2, 'INGEST_LANES')),
    latestCacheDevices: Math.max(0, envInteger(env.INGEST_LATEST_CACHE_DEVICES, 20_000, 'INGEST_LATEST_CACHE_DEVICES')),
    highWater,
    lowWater: Math.min(
      highWater,
      envInteger(env.INGEST_LOW_WATER, Math.min(DEFAULT_LOW_WATER, Math.floor(highWater / 2)), 'INGEST_LOW_WATER'),
    ),
    maxPayloadBytes: Math.max(16, envInteger(env.INGEST_MAX_PAYLOAD_BYTES, 8192, 'INGEST_MAX_PAYLOAD_BYTES')),
    retentionDays: envInteger(env.HISTORY_RETENTION_DAYS, 180, 'HISTORY_RETENTION_DAYS'),
  };
}

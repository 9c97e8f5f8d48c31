import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { DeviceSide } from '../ingest/device-side.ts';

/** What the gauges and totals are read from when Prometheus scrapes. */
export interface MetricSources {
  database: Database;
  deviceSide: DeviceSide;
  /** Device event streams open on this server. */
  liveStreams: () => number;
  /** HTTP calls being answered now (http/in-flight.ts). */
  callsInFlight: () => number;
  /** Calls the API call log's writer could not log so far (its stats' `dropped`: queue full, or a batch not written). */
  apiCallLogDropped: () => number;
}

export interface ServerMetrics {
  registry: Registry;
  /** A scheduled job's run ended (partition job, retention, export sweeper...). */
  jobRun(job: string, outcome: 'ok' | 'failed'): void;
  /** Times every call answered by `app`, labelled by its route (never the raw URL: a scanner would grow the labels). */
  timeCalls(app: FastifyInstance): void;
  /** Starts reading the gauges and the existing counters from `sources`. */
  watch(sources: MetricSources): void;
}

/** How long the platform-wide online count is reused: one count(*) per scrape at most, fewer when scraped often. */
const ONLINE_COUNT_MS = 10_000;

/** Replaces a counter's values by totals kept elsewhere (the ingest's, the broker's): counted once, exposed here. */
function setTotals(counter: Counter<string>, totals: Iterable<[Record<string, string>, number]>): void {
  counter.reset();
  for (const [labels, value] of totals) counter.inc(labels, value);
}

/**
 * The server's Prometheus metrics, in a registry of its own (one per app: tests build several in one
 * process). Values the server already counts (the broker's refusals, the ingest's refusals and queue,
 * the pool) are read at scrape time, not counted again.
 */
export function serverMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'dcc_' });
  let sources: MetricSources | null = null;
  let online: { at: number; value: Promise<number> } | null = null;
  const registers = [registry];

  const calls = new Histogram({
    name: 'dcc_call_duration_seconds',
    help: 'Time to answer a call, by route, method and HTTP status',
    labelNames: ['call', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: 'dcc_calls_in_flight',
    help: 'HTTP calls being answered now (this scrape included)',
    registers,
    collect() {
      this.set(sources?.callsInFlight() ?? 0);
    },
  });
  const jobRuns = new Counter({
    name: 'dcc_job_runs_total',
    help: 'Runs of scheduled jobs by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'],
    registers,
  });
  new Counter({
    name: 'dcc_ingest_frames_total',
    help: 'Device messages (frames, Alink messages) taken by this server for storage',
    registers,
    collect() {
      this.reset();
      this.inc(sources?.deviceSide.ingestStats()?.frames ?? 0);
    },
  });
  new Counter({
    name: 'dcc_ingest_refusals_total',
    help: 'Refused or dropped device messages and connections by where (link: broker side, ingest: decode) and reason',
    labelNames: ['source', 'reason'],
    registers,
    collect() {
      const side = sources?.deviceSide;
      if (!side) return;
      const link = Object.entries(side.counters.byReason()).map(
        ([reason, n]) => [{ source: 'link', reason }, n] as [Record<string, string>, number],
      );
      const ingest = [...(side.ingestStats()?.refusals ?? [])].map(
        ([reason, n]) => [{ source: 'ingest', reason }, n] as [Record<string, string>, number],
      );
      setTotals(this, [...link, ...ingest]);
    },
  });
  new Counter({
    name: 'dcc_api_call_log_dropped_total',
    help: 'Calls not written to the API call log: its queue was full (a burst outran the writer) or their batch failed',
    registers,
    collect() {
      this.reset();
      this.inc(sources?.apiCallLogDropped() ?? 0);
    },
  });
  new Gauge({
    name: 'dcc_ingest_queue_depth',
    help: 'Device messages queued for storage on this server',
    registers,
    collect() {
      this.set(sources?.deviceSide.flow.stats().queued ?? 0);
    },
  });
  new Gauge({
    name: 'dcc_ingest_paused',
    help: '1 while the ingest queue is over its high-water mark and devices are not read',
    registers,
    collect() {
      this.set(sources?.deviceSide.flow.stats().paused ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dcc_device_connections',
    help: "Device connections open on this server's embedded broker",
    registers,
    collect() {
      this.set(sources?.deviceSide.connections() ?? 0);
    },
  });
  new Gauge({
    name: 'dcc_devices_online',
    help: 'Devices online on the whole platform (every instance; counted at most every 10 s)',
    registers,
    async collect() {
      if (!sources) return;
      const { db } = sources.database;
      if (!online || Date.now() - online.at > ONLINE_COUNT_MS) {
        const value = sql<{ n: string }>`select count(*) as n from devices where connected`
          .execute(db)
          .then((result) => Number(result.rows[0]?.n ?? 0));
        online = { at: Date.now(), value };
        value.catch(() => (online = null));
      }
      this.set(await online.value.catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: 'dcc_live_streams',
    help: 'Device event streams (Server-Sent Events) open on this server',
    registers,
    collect() {
      this.set(sources?.liveStreams() ?? 0);
    },
  });
  new Gauge({
    name: 'dcc_db_pool_connections',
    help: 'PostgreSQL pool: connections open, idle, callers waiting for one, and the maximum',
    labelNames: ['state'],
    registers,
    collect() {
      const use = sources?.database.poolUse?.();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });

  return {
    registry,
    jobRun: (job, outcome) => jobRuns.inc({ job, outcome }),
    timeCalls(app) {
      app.addHook('onResponse', async (request, reply) => {
        calls.observe(
          { call: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
    },
    watch(given) {
      sources = given;
    },
  };
}

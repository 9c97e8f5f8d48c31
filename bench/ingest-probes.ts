/** What the MQTT ingest benchmarks (ingest-mqtt.ts, ingest-overload.ts) share: the fleet child and publish-to-queryable. */
import { fork } from 'node:child_process';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';
import { dayOf } from '../apps/server/src/db/partition-day.ts';
import { benchChild } from './child-script.ts';
import { spreadOf, type ProbePublish } from './ingest-mqtt-fleet.ts';

export const POLL_MS = 25;

/** Watches the probe devices' history: how long after its publish each frame's row became readable. */
export function probeWatch(db: Kysely<DB>) {
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  let running = true;
  const poll = async () => {
    if (pending.size === 0) return;
    const keys = [...pending].map(([key, at]) => [...key.split('|'), dayOf(new Date(at))] as const);
    // By the history's unique key (device, day, seq, digest): an index lookup per pending frame.
    const { rows } = await sql<{ device_id: string; seq: number }>`
      select h.device_id, h.seq from unnest(${keys.map((k) => k[0])}::bigint[], ${keys.map((k) => k[2])}::date[], ${keys.map((k) => Number(k[1]))}::int[]) as p(d, y, s)
      join telemetry_history h on h.device_id = p.d and h.day = p.y and h.seq = p.s`.execute(db);
    const now = Date.now();
    for (const r of rows) {
      const key = `${r.device_id}|${r.seq}`;
      const at = pending.get(key);
      if (at === undefined) continue;
      latencies.push(now - at);
      pending.delete(key);
    }
  };
  const loop = (async () => {
    while (running) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    published(p: ProbePublish) {
      pending.set(`${p.id}|${p.seq}`, p.at);
    },
    /** Waits up to 10 s for the rows still unseen, then answers the spread. */
    async finish() {
      const deadline = Date.now() + 10_000;
      while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      running = false;
      await loop;
      return { ...spreadOf(latencies), samples: latencies.length, unseen: pending.size };
    },
  };
}

/** The device fleet (ingest-mqtt-fleet.ts) in a child process, and a wait for its next message of a kind; it publishes once sent `go`. */
export function forkFleet() {
  const script = benchChild('ingest-mqtt-fleet', import.meta.url);
  const child = fork(script.path, [], { execArgv: script.execArgv, env: process.env });
  const message = <T>(kind: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { kind: string }) => {
        if (m.kind !== kind) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
    });
  return { child, message };
}

/**
 * Issue 23's figures, not a test: OTA_BENCH_DEVICES simulated DTUs (1,000) upgraded with a 512 KB mainboard
 * firmware, at most OTA_BENCH_AT_ONCE (200) downloading at once, by the server's rollout (one wave, no gate),
 * the DTUs in a child process over the server's broker and its HTTP download route. Prints:
 * - the total time from the task's creation to its end, and the server process's CPU over it (with the
 *   database's backends when DATABASE_URL is set);
 * - the delay from each device's success report (its send time in the child) to the status change arriving on
 *   the console's live stream (the SSE stream a console page reads, opened with a ticket like the console);
 * - the ceiling: the same 1,000 downloads of the same file from the same server over plain HTTP range
 *   requests, as many at once, without MQTT, progress reports or the rollout (ratio = rollout / ceiling).
 *
 *   npm run bench:ota-rollout          (PGlite and the embedded broker; DATABASE_URL / MQTT_URL as the tests)
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  Button,
  DEVICE_EVENTS_STREAM_PATH,
  MAINBOARD_FIRMWARE_MAX_BYTES,
  openDeviceEvents,
  otaDeviceStatusOf,
  ota2CreateTask,
  ota2TaskDetail,
  type OtaTask,
} from '@dcc/contract';
import { FirmwareLinks } from '../apps/server/src/modules/ota/download-links.ts';
import { unreadyDevices } from '../apps/server/src/modules/ota/preconditions.ts';
import { loadLimitsConfig } from '../apps/server/src/limits-config.ts';
import { loadOtaConfig } from '../apps/server/src/ota-config.ts';
import { BROKER_MODES } from '../apps/server/test/broker-modes.ts';
import { call, startTestApp } from '../apps/server/test/harness.ts';
import { bulkOtaDevices, newFirmware, OTA2_BUTTONS, otaWorld } from '../apps/server/test/ota-setup.ts';
import { benchChild } from './child-script.ts';
import { startCpuMeter } from './cpu-usage.ts';
import { machine, percentile } from './ingest-fixture.ts';
import type { RolloutFleetOrder, RolloutFleetReply } from './ota-rollout-fleet.ts';

const DEVICES = Number(process.env.OTA_BENCH_DEVICES ?? 1000);
const AT_ONCE = Number(process.env.OTA_BENCH_AT_ONCE ?? 200);
const CHUNK_BYTES = 64 * 1024;
const TICK_MS = 200;

console.log(`machine: ${machine()}`);
const broker = await BROKER_MODES[0]!.start();
const ota = { ...loadOtaConfig({}), tickMs: TICK_MS };
// Every simulated DTU signs in and downloads from 127.0.0.1: the per-address limits (the broker's sign-in throttle,
// the HTTP server's connections per address: made for one attacker's address, not a fleet's) are lifted, as 1,000
// units behind 1,000 addresses would not meet them. A DTU whose sign-in timed out on a loaded machine tries again every
// 5 s: the per-device connect throttle would lock it out for a minute each time (a run stalled at 898 of 1,000).
const link = { ...broker.overrides.link!, signInFailuresPerAddress: 1_000_000, connectsPerMinute: 1_000 };
const limits = { ...loadLimitsConfig({}), maxConnectionsPerIp: 100_000 };
const t = await startTestApp({ ...broker.overrides, link, limits, ota });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
// The console's operator: the OTA buttons and the device list's (the live stream is opened under it).
const world = await otaWorld(t, [...OTA2_BUTTONS, Button.DEVICES]);
const devices = await bulkOtaDevices(t, {
  dealerId: world.A1,
  productId: world.productId,
  prefix: `OTAB${Date.now() % 100_000}`,
  count: DEVICES,
});
const codeOf = new Map(devices.map((d) => [d.id, d.code]));

// The simulated DTUs, in their own process.
const script = benchChild('ota-rollout-fleet', import.meta.url);
const child = fork(script.path, [], { execArgv: script.execArgv, env: process.env });
const order = (o: RolloutFleetOrder) => child.send(o);
const reply = <K extends RolloutFleetReply['kind']>(kind: K) =>
  new Promise<Extract<RolloutFleetReply, { kind: K }>>((resolve) => {
    const on = (m: RolloutFleetReply) => {
      if (m.kind !== kind) return;
      child.off('message', on);
      resolve(m as Extract<RolloutFleetReply, { kind: K }>);
    };
    child.on('message', on);
  });
order({ kind: 'start', url: broker.deviceUrl(t), devices, version: '1.0.0' });
const online = await reply('online');
console.log(`${DEVICES} DTUs online after ${online.seconds.toFixed(1)} s`);
// Their idle, strong-signal reports stored: no unit is deferred by a precondition (the child's note).
for (;;) {
  const unready = await unreadyDevices(
    t.db,
    devices.map((d) => d.id),
  );
  if (unready.size === 0) break;
  await new Promise((r) => setTimeout(r, 500));
}

// Where the time goes, per device's success report, seen on the server's own event bus (one process, one clock):
// received (the broker's receipt, the report event's time), stored (the ingest's commit: the report event
// published), published (the OTA module's device event on the bus: queued, applied, told), then streamed (below:
// read off the SSE stream by this process, so it includes this process's event-loop delay, printed with it).
const stages = new Map<string, { received?: number; stored?: number; published?: number }>();
const stageOf = (deviceId: string) => stages.get(deviceId) ?? stages.set(deviceId, {}).get(deviceId)!;
t.events.subscribe((event) => {
  if (event.kind === 'ota' && otaDeviceStatusOf(event.status) === 'succeeded')
    Object.assign(stageOf(event.deviceId), { received: Date.parse(event.at), stored: Date.now() });
  if (event.kind === 'otaTask' && event.deviceId && event.deviceState === 'succeeded')
    stageOf(event.deviceId).published ??= Date.now();
});

// The console's live stream: when each device's success arrives.
const ticket = await call<{ ticket: string }>(t.app, openDeviceEvents, {}, world.callerA);
if (!ticket.body.objectResult) throw new Error(`no live stream ticket: ${JSON.stringify(ticket.body)}`);
const stream = new AbortController();
const arrived = new Map<string, number>();
const response = await fetch(
  `${base}${DEVICE_EVENTS_STREAM_PATH}?ticket=${encodeURIComponent(ticket.body.objectResult!.ticket)}`,
  { signal: stream.signal },
);
void (async () => {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (!/^event: otaTask$/m.test(block)) continue;
        const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { deviceId: string | null; deviceState: string };
        if (data.deviceId && data.deviceState === 'succeeded') arrived.set(data.deviceId, Date.now());
      }
    }
  } catch {
    // the bench closed the stream
  }
})();

const fw = await newFirmware(t, world, { version: '1.1.0', size: MAINBOARD_FIRMWARE_MAX_BYTES });
// How late the process's timers and I/O callbacks ran over the rollout (server, broker and stream reader share it).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const cpu = await startCpuMeter(process.env.DATABASE_URL ? t.db : null);
const began = performance.now();
const created = await call<OtaTask>(
  t.app,
  ota2CreateTask,
  {
    firmwareId: fw.firmwareId,
    deviceIds: devices.map((d) => d.id),
    maxDownloading: AT_ONCE,
    ratePerMinute: 10_000,
    timeoutMinutes: 30,
  },
  world.callerA,
);
const taskId = created.body.objectResult!.taskId;
let mostInFlight = 0;
for (;;) {
  const detail = await call<{ task: OtaTask }>(t.app, ota2TaskDetail, { taskId, pageSize: 1 }, world.callerA);
  const task = detail.body.objectResult!.task;
  const inFlight = await t.db
    .selectFrom('ota_task_devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('task_id', '=', taskId)
    .where('state', 'in', ['notified', 'downloading', 'verifying', 'upgrading'])
    .executeTakeFirstOrThrow();
  mostInFlight = Math.max(mostInFlight, Number(inFlight.n));
  if (task.state !== 'running') break;
  await new Promise((r) => setTimeout(r, 250));
}
const totalSeconds = (performance.now() - began) / 1000;
const used = cpu();
loopDelay.disable();
const task = (await call<{ task: OtaTask }>(t.app, ota2TaskDetail, { taskId, pageSize: 1 }, world.callerA)).body
  .objectResult!.task;
// The last events may still be on their way: wait a moment for them before counting.
await new Promise((r) => setTimeout(r, 1000));
order({ kind: 'collect' });
const collected = await reply('collected');
const delays = [...arrived]
  .map(([deviceId, at]) => at - (collected.succeededAt[codeOf.get(deviceId)!] ?? NaN))
  .filter((d) => Number.isFinite(d))
  .sort((a, b) => a - b);
const sentAt = (deviceId: string) => collected.succeededAt[codeOf.get(deviceId)!];
const stage = (from: (id: string) => number | undefined, to: (id: string) => number | undefined) => {
  const spans = [...stages.keys()]
    .map((id) => (to(id) ?? NaN) - (from(id) ?? NaN))
    .filter((d) => Number.isFinite(d))
    .sort((a, b) => a - b);
  return `p50 ${percentile(spans, 50)} ms, p95 ${percentile(spans, 95)} ms, max ${spans.at(-1)} ms`;
};

// The ceiling: the same file, the same number of downloads, as many at once, plain HTTP.
const links = new FirmwareLinks(ota.linkSecret, ota.linkTtlSeconds);
const cpuRaw = await startCpuMeter(process.env.DATABASE_URL ? t.db : null);
order({
  kind: 'download',
  urls: devices.map((_, k) => `${base}${links.path(fw.firmwareId, String(k + 1))}`),
  size: fw.size,
  atOnce: AT_ONCE,
  chunkBytes: CHUNK_BYTES,
});
const raw = await reply('downloaded');
const usedRaw = cpuRaw();

const mb = (DEVICES * fw.size) / 2 ** 20;
console.log(
  `rollout: ${task.counts.succeeded}/${DEVICES} succeeded (${task.counts.failed} failed, state ${task.state}), ` +
    `${fw.size} B firmware, at most ${AT_ONCE} at once (most seen ${mostInFlight}), rollout tick ${TICK_MS} ms`,
);
console.log(
  `rollout total ${totalSeconds.toFixed(1)} s (${(mb / totalSeconds).toFixed(1)} MB/s); server process CPU ` +
    `${used.serverSeconds.toFixed(1)} s (${((used.serverSeconds / totalSeconds) * 100).toFixed(0)} % of a core)` +
    (process.env.DATABASE_URL ? `, database backends ${used.databaseSeconds.toFixed(1)} s` : ' (PGlite in process)'),
);
console.log(
  `live stream: ${delays.length}/${DEVICES} successes seen; report -> console delay p50 ${percentile(delays, 50)} ms, ` +
    `p95 ${percentile(delays, 95)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms (bar 1000 ms)`,
);
console.log(`  sent -> received by the broker: ${stage(sentAt, (id) => stages.get(id)!.received)}`);
console.log(
  `  received -> stored: ${stage(
    (id) => stages.get(id)!.received,
    (id) => stages.get(id)!.stored,
  )}`,
);
console.log(
  `  stored -> published (applied, device event): ${stage(
    (id) => stages.get(id)!.stored,
    (id) => stages.get(id)!.published,
  )}`,
);
const loopMs = (p: number) => Math.round(loopDelay.percentile(p) / 1e6);
console.log(
  `  event loop delay of the server's process over the rollout: p50 ${loopMs(50)} ms, p99 ${loopMs(99)} ms, ` +
    `max ${Math.round(loopDelay.max / 1e6)} ms`,
);
console.log(
  `  published -> streamed: ${stage(
    (id) => stages.get(id)!.published,
    (id) => arrived.get(id),
  )}`,
);
console.log(
  `ceiling, plain HTTP: ${DEVICES} downloads of the same file, ${AT_ONCE} at once, ${CHUNK_BYTES / 1024} KB ranges: ` +
    `${raw.seconds.toFixed(1)} s (${(mb / raw.seconds).toFixed(1)} MB/s, ${raw.failed} failed), server CPU ` +
    `${usedRaw.serverSeconds.toFixed(1)} s; rollout / ceiling = ${(totalSeconds / raw.seconds).toFixed(2)}`,
);
console.log(`machine after: ${machine()}`);

stream.abort();
order({ kind: 'end' });
await new Promise((r) => child.once('exit', r));
await t.close();
await broker.stop();

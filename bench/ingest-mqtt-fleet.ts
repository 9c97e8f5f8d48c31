/**
 * The device fleet of bench/ingest-mqtt.ts, run as its child process: signs every device in, then
 * publishes QoS 1 report frames round-robin at the asked rate, tells the parent when a probe device
 * published (for publish-to-queryable) and answers publish-to-PUBACK figures at the end.
 */
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import mqtt, { type MqttClient } from 'mqtt';
import { isMain } from './child-script.ts';
import { percentile, reportFrame } from './ingest-fixture.ts';

export type FleetOrder =
  | {
      kind: 'run';
      port: number;
      devices: Array<{ id: string; code: string; secret: string }>;
      rate: number;
      seconds: number;
      probes: string[];
      databaseUrl: string | null;
      engine: string;
      /** Sequence numbers start after this (a later run on the same devices sends new frames); default 0. */
      firstSeq?: number;
      /** How long to wait for the last PUBACKs after the last publish; default 30 s. */
      settleSeconds?: number;
    }
  | { kind: 'go' }
  | { kind: 'end' };

export interface Spread {
  p50: number;
  p99: number;
  max: number;
}

/** A probe device published this frame at `at` (epoch ms). */
export interface ProbePublish {
  kind: 'probe';
  id: string;
  seq: number;
  at: number;
}

export interface FleetReport {
  kind: 'report';
  published: number;
  publishSeconds: number;
  acked: number;
  /** Seconds from the first publish to the last acknowledgement received. */
  ackSeconds: number;
  ack: Spread;
  cpuSeconds: number;
  /** Connections the server closed during the run. */
  closed: number;
}

const CONNECTING_AT_ONCE = 100;
const TICK_MS = 10;

export const spreadOf = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};

/** Sign-ins refused while the machine is loaded (the server answers 'server unavailable' when its pool times out) are tried again. */
const SIGN_IN_TRIES = 10;

async function connectOne(port: number, d: { code: string; secret: string }): Promise<MqttClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        ...signDeviceLogin(d.code, d.secret, Date.now()),
        keepalive: 60,
        reconnectPeriod: 0,
      });
    } catch (error) {
      if (attempt >= SIGN_IN_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

async function connectAll(port: number, devices: Array<{ code: string; secret: string }>): Promise<MqttClient[]> {
  const clients: MqttClient[] = new Array(devices.length);
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const k = next++;
      const d = devices[k]!;
      clients[k] = await connectOne(port, d);
    }
  };
  await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, worker));
  return clients;
}

async function run(order: Extract<FleetOrder, { kind: 'run' }>): Promise<void> {
  const send = (m: object) => process.send?.(m);
  const clients = await connectAll(order.port, order.devices);
  const probes = new Set(order.probes);
  const seqs = new Array<number>(order.devices.length).fill(order.firstSeq ?? 0);
  let closed = 0;
  for (const c of clients) c.once('close', () => (closed += 1));
  const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
  send({ kind: 'connected' });
  await go;
  const cpu0 = process.cpuUsage();
  const acks: number[] = [];
  const total = order.rate * order.seconds;
  const t0 = performance.now();
  let sent = 0;
  let acked = 0;
  let lastAck = t0;
  const settled: Promise<void>[] = [];
  while (sent < total) {
    const due = Math.min(
      total,
      Math.floor(((performance.now() - t0) / 1000) * order.rate) + Math.ceil((order.rate * TICK_MS) / 1000),
    );
    for (; sent < due; sent++) {
      const k = sent % order.devices.length;
      const device = order.devices[k]!;
      const seq = (seqs[k] = (seqs[k]! + 1) % 65536);
      const frame = reportFrame(device.code, seq);
      const start = performance.now();
      if (probes.has(device.id)) send({ kind: 'probe', id: device.id, seq, at: Date.now() } satisfies ProbePublish);
      settled.push(
        new Promise<void>((resolve) => {
          clients[k]!.publish(`dev/${device.code}/up`, frame, { qos: 1 }, (error) => {
            if (!error) {
              acked++;
              lastAck = performance.now();
              acks.push(lastAck - start);
            }
            resolve();
          });
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const publishSeconds = (performance.now() - t0) / 1000;
  // A frame the server did not acknowledge within settleSeconds (30 s) after the last publish counts as not acknowledged.
  await Promise.race([
    Promise.all(settled),
    new Promise((resolve) => setTimeout(resolve, (order.settleSeconds ?? 30) * 1000)),
  ]);
  const cpu = process.cpuUsage(cpu0);
  send({
    kind: 'report',
    published: sent,
    publishSeconds,
    acked,
    ackSeconds: (lastAck - t0) / 1000,
    ack: spreadOf(acks),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    closed,
  } satisfies FleetReport);
  process.on('message', () => {
    for (const c of clients) c.end(true);
    process.exit(0);
  });
}

if (isMain('ingest-mqtt-fleet')) {
  process.once('message', (order: FleetOrder) => {
    if (order.kind === 'run') void run(order);
  });
}

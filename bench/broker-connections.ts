/**
 * Devices connected at once to the embedded broker, each reporting every 30 s into the real ingest
 * pipeline, then a reconnect storm (issue 10 figures).
 *
 *   node --import tsx bench/broker-connections.ts                 # PGlite, BENCH_DEVICES=2000
 *   DATABASE_URL=postgres://... node --import tsx bench/broker-connections.ts
 *
 * The server (buildApp, embedded broker on a free port) runs in this process; the devices (real
 * `mqtt` clients, signed in) in a child process, so the server's CPU and memory are its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { deviceTopic } from '@dcc/protocol';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { serverSink } from '../apps/server/src/ingest/sink.ts';
import { secretBox } from '../apps/server/src/modules/devices/secret-box.ts';
import { demoReport } from '../apps/server/test/ingest-setup.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';
import { benchChild } from './child-script.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const CONNECTING_AT_ONCE = 200;
const REPORT_EVERY_MS = 30_000;
const MEASURE_MS = 60_000;

interface Device {
  code: string;
  secret: string;
}
type Order = { kind: 'connect'; port: number; devices: Device[] } | { kind: 'storm' } | { kind: 'end' };

/** Every client publishes a demo heat-pump report (QoS 1) every 30 s, the fleet spread evenly over the period. */
function reportEvery(clients: Map<string, MqttClient>, timers: NodeJS.Timeout[]): void {
  let k = 0;
  for (const [code, client] of clients) {
    let seq = 0;
    const publish = () =>
      void client
        .publishAsync(deviceTopic(code, 'up'), demoReport(code, seq++ % 65536), { qos: 1 })
        .catch(() => undefined);
    const offset = (k++ * REPORT_EVERY_MS) / clients.size;
    timers.push(
      setTimeout(() => {
        publish();
        timers.push(setInterval(publish, REPORT_EVERY_MS));
      }, offset),
    );
  }
}

async function connectAll(port: number, devices: Device[], clients: Map<string, MqttClient>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const device = devices[next++]!;
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        ...signDeviceLogin(device.code, device.secret, Date.now()),
        keepalive: 60,
        reconnectPeriod: 0,
      });
      clients.set(device.code, client);
    }
  };
  await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, worker));
}

/** The child: the device fleet. */
function runDevices(): void {
  const clients = new Map<string, MqttClient>();
  const timers: NodeJS.Timeout[] = [];
  const stopReporting = () => timers.splice(0).forEach((t) => clearTimeout(t));
  let port = 0;
  let devices: Device[] = [];
  process.on('message', (order: Order) => {
    void (async () => {
      if (order.kind === 'connect') {
        port = order.port;
        devices = order.devices;
        await connectAll(port, devices, clients);
        reportEvery(clients, timers);
      } else if (order.kind === 'storm') {
        // Every link breaks at once, then every device reconnects at once.
        stopReporting();
        for (const client of clients.values()) client.stream.destroy();
        clients.clear();
        await connectAll(port, devices, clients);
        reportEvery(clients, timers);
      } else {
        stopReporting();
        for (const client of clients.values()) client.end(true);
        process.exit(0);
      }
      process.send?.('done');
    })();
  });
}

const ask = (child: ChildProcess, order: Order) =>
  new Promise<void>((resolve) => {
    child.once('message', () => resolve());
    child.send(order);
  });

async function main(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const config = {
    ...loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'true',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      DEVICE_CONNECTS_PER_MINUTE: '100',
    }),
    databaseUrl: scratch?.url ?? null,
  };
  const { app, database, deviceSide } = await buildApp({ config, sink: serverSink });
  const db = database.db;
  const box = secretBox(config.deviceSecretKey);
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('product_key', '=', 'pkhpa200demo')
    .executeTakeFirstOrThrow();
  const dealer = await db.selectFrom('dealers').select('id').orderBy('id').executeTakeFirstOrThrow();
  const devices: Device[] = Array.from({ length: DEVICES }, (_, i) => ({
    code: `BENCH-${String(i).padStart(6, '0')}`,
    secret: `bench-secret-${i}`,
  }));
  for (let i = 0; i < devices.length; i += 1000) {
    await db
      .insertInto('devices')
      .values(
        devices.slice(i, i + 1000).map((d) => ({
          device_code: d.code,
          device_name: d.code,
          product_id: product.id,
          dealer_id: dealer.id,
          secret_box: box.seal(d.secret),
          activated_at: new Date(),
          status: 'OFFLINE',
        })),
      )
      .execute();
  }
  const online = async (since: Date) =>
    Number(
      (
        await db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('connected', '=', true)
          .where('connected_at', '>=', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const untilOnline = async (since: Date) => {
    while ((await online(since)) < DEVICES) await new Promise((resolve) => setTimeout(resolve, 100));
    return (Date.now() - since.getTime()) / 1000;
  };

  const self = benchChild('broker-connections', import.meta.url);
  const child = fork(self.path, ['devices'], { execArgv: self.execArgv });
  const cpuBefore = process.cpuUsage();
  const connectStart = new Date();
  await ask(child, { kind: 'connect', port: deviceSide.mqttPort!, devices });
  const connectSeconds = await untilOnline(connectStart);
  const cpu = process.cpuUsage(cpuBefore);
  const memory = process.memoryUsage();
  console.log(`${DEVICES} devices signed in and recorded online in ${connectSeconds.toFixed(1)} s (${database.kind})`);
  console.log(
    `server CPU for the connects: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; RSS ${(memory.rss / 2 ** 20).toFixed(0)} MB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB`,
  );

  const framesSince = async (since: Date) =>
    Number(
      (
        await db
          .selectFrom('telemetry_history')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('at', '>=', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const reportingStart = new Date();
  const reportingCpu = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  const reporting = process.cpuUsage(reportingCpu);
  const frames = await framesSince(reportingStart);
  const reportingMemory = process.memoryUsage();
  console.log(
    `while ${DEVICES} devices stay connected and report every ${REPORT_EVERY_MS / 1000} s (${MEASURE_MS / 1000} s): ${frames} frames stored (${(frames / (MEASURE_MS / 1000)).toFixed(0)}/s), server CPU ${(((reporting.user + reporting.system) / 1e3 / MEASURE_MS) * 100).toFixed(1)} % of one core, RSS ${(reportingMemory.rss / 2 ** 20).toFixed(0)} MB, heap ${(reportingMemory.heapUsed / 2 ** 20).toFixed(0)} MB`,
  );

  const stormStart = new Date();
  await ask(child, { kind: 'storm' });
  const stormSeconds = await untilOnline(stormStart);
  console.log(`reconnect storm: all ${DEVICES} back online in ${stormSeconds.toFixed(1)} s`);
  child.send({ kind: 'end' });
  await app.close();
  await scratch?.drop();
}

if (process.argv[2] === 'devices') runDevices();
else await main();

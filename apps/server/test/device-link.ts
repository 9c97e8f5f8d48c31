import net from 'node:net';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Kysely } from 'kysely';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import type { UplinkMessage, UplinkSink } from '../src/ingest/device-link.ts';
import type { SinkFactory } from '../src/ingest/sink.ts';
import { loadLinkConfig, type LinkConfig } from '../src/link-config.ts';
import { secretBox } from '../src/modules/devices/secret-box.ts';
import { newDealer, newDevice } from './factories.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** A sink of the tests: keeps what it stored in memory; can hold stores pending or make them fail. */
export interface MemorySink {
  factory: SinkFactory;
  stored: UplinkMessage[];
  /** Stores wait until the returned function is called. */
  hold(): () => void;
  /** How many stores wait at the hold now. */
  holding(): number;
  /** Stores reject (the database is away) until the returned function is called. */
  fail(): () => void;
}

/** A gate stores pass through: `hold()` closes it until the function it answers is called. */
export function storeGate(): { passed(): Promise<void>; hold(): () => void } {
  let gate: Promise<void> | null = null;
  return {
    passed: async () => {
      if (gate) await gate;
    },
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

export function memorySink(): MemorySink {
  const stored: UplinkMessage[] = [];
  const gate = storeGate();
  let failing = false;
  let holding = 0;
  const sink: UplinkSink = {
    async store(message) {
      holding += 1;
      await gate.passed().finally(() => (holding -= 1));
      if (failing) throw new Error('database away');
      stored.push(message);
    },
  };
  return {
    factory: () => sink,
    stored,
    hold: gate.hold,
    holding: () => holding,
    fail() {
      failing = true;
      return () => (failing = false);
    },
  };
}

/** The test server with its embedded broker on a free port of 127.0.0.1. */
export function startLinkApp(
  link: Partial<LinkConfig> = {},
  options: { sink?: MemorySink; database?: Database; overrides?: Partial<Config> } = {},
): Promise<TestApp> {
  const sink = options.sink ?? memorySink();
  return startTestApp(
    { link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1', ...link }, ...options.overrides },
    { sink: sink.factory, database: options.database },
  );
}

export interface TestDevice {
  id: string;
  code: string;
  secret: string;
}

/** A new device of the demo heat pump (空气源热泵 A200; or another demo product by key) owned by a new level-0 dealer, activated unless told. */
export async function newDemoDevice(
  t: TestApp,
  options: { activated?: boolean; dealerId?: string; productKey?: string } = {},
): Promise<TestDevice> {
  const db: Kysely<DB> = t.db;
  const box = secretBox(t.config.deviceSecretKey);
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('product_key', '=', options.productKey ?? 'pkhpa200demo')
    .executeTakeFirstOrThrow();
  const dealer = options.dealerId ?? (await newDealer(db, { level: 0 }));
  const id = await newDevice(db, dealer, box, product.id);
  if (options.activated ?? true)
    await db.updateTable('devices').set({ activated_at: new Date(), status: 'OFFLINE' }).where('id', '=', id).execute();
  const row = await db
    .selectFrom('devices')
    .select(['device_code', 'secret_box'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, code: row.device_code, secret: box.open(row.secret_box) };
}

/** Options of a device's MQTT connection signed with its secret (no automatic reconnect: tests decide). */
export function deviceOptions(device: TestDevice, extra: IClientOptions = {}, signedAt = Date.now()): IClientOptions {
  const credentials = signDeviceLogin(device.code, device.secret, signedAt);
  return { ...credentials, reconnectPeriod: 0, connectTimeout: 5000, ...extra };
}

export const brokerUrl = (t: TestApp): string => `mqtt://127.0.0.1:${t.deviceSide.mqttPort}`;

/** Connects a device; rejects with the CONNACK refusal when the broker refuses it. */
export function connectDevice(t: TestApp, device: TestDevice, extra: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(brokerUrl(t), deviceOptions(device, extra));
}

/**
 * Connects from a source address of this machine's loopback range (127.0.0.2, ...), so that a test has
 * two peers on one machine; rejects with the CONNACK refusal (its `code`) when the broker refuses.
 */
export function connectFrom(url: string, localAddress: string, options: IClientOptions): Promise<MqttClient> {
  const { hostname, port } = new URL(url);
  const client = new mqtt.MqttClient(() => net.createConnection({ host: hostname, port: Number(port), localAddress }), {
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

export { waitFor } from './until.ts';

/** The device's presence columns. */
export const presenceOf = (t: TestApp, id: string) =>
  t.db
    .selectFrom('devices')
    .select(['status', 'connected', 'offline_code', 'connection_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The device's status history as 'on:200', 'off:1910', ... */
export const historyOf = async (t: TestApp, id: string): Promise<string[]> =>
  (
    await t.db
      .selectFrom('device_status_events')
      .select(['connected', 'code'])
      .where('device_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.connected ? 'on' : 'off'}:${e.code}`);

import { signDeviceLogin } from '@dcc/protocol/device-signature';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newDevice } from '../../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { until } from '../../../../test/until.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../../test/own-mosquitto.ts';
import type { Config } from '../../../config.ts';
import { localDeviceEvents } from '../../../events/device-events.ts';
import { secretBox } from '../../../modules/devices/secret-box.ts';
import type { UplinkMessage } from '../../device-link.ts';
import { devicePresence } from '../../presence/presence.ts';
import { loadExternalBrokerConfig } from './external-config.ts';
import { startExternalLink, type StartedExternalLink } from './start-external-link.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const env = {} as {
  t: TestApp;
  broker: OwnMosquitto;
  config: Config;
  dealer: string;
  server: StartedExternalLink;
  received: UplinkMessage[];
};
const clients: MqttClient[] = [];

beforeAll(async () => {
  env.broker = await startOwnMosquitto({ dynsec: true });
  env.t = await startTestApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
  const base = (await import('../../../config.ts')).loadConfig({ DATA_DIR: 'memory://' });
  env.config = {
    ...base,
    externalBroker: loadExternalBrokerConfig({
      MQTT_URL: env.broker.url,
      MQTT_USERNAME: env.broker.admin.username,
      MQTT_PASSWORD: env.broker.admin.password,
      MQTT_CLIENT_ID: 'dcc-test',
      MQTT_CONNECTIONS: '1',
      MOSQUITTO_DYNSEC: 'on',
    }),
  };
  env.received = [];
  env.server = await startExternalLink({
    config: env.config,
    db: env.t.db,
    log: quiet,
    presence: devicePresence(env.t.db, localDeviceEvents()),
    sink: {
      store: async (message) => {
        env.received.push(message);
      },
    },
  });
  await until(env.server.link.connected);
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true).catch(() => undefined);
  await env.server?.close();
  await env.t?.close();
  await env.broker?.dispose();
});

async function registered(): Promise<{ code: string; secret: string }> {
  const id = await newDevice(env.t.db, env.dealer, secretBox(env.config.deviceSecretKey));
  const row = await env.t.db
    .selectFrom('devices')
    .select(['device_code', 'secret_box'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await env.server.registry!.upsertDevice(row.device_code);
  return { code: row.device_code, secret: secretBox(env.config.deviceSecretKey).open(row.secret_box) };
}

/** Connects as the device signed for Mosquitto (timestamp 0); answers the client or the CONNACK refusal. */
async function connectAs(code: string, secret: string, extra: IClientOptions = {}): Promise<MqttClient | string> {
  const { clientId, username, password } = signDeviceLogin(code, secret, 0);
  try {
    const client = await mqtt.connectAsync(env.broker.url, {
      clientId,
      username,
      password,
      reconnectPeriod: 0,
      protocolVersion: 5,
      connectTimeout: 5000,
      ...extra,
    });
    clients.push(client);
    return client;
  } catch (error) {
    return (error as Error).message;
  }
}
const device = async (code: string, secret: string) => {
  const client = await connectAs(code, secret);
  if (typeof client === 'string') throw new Error(`device ${code} refused: ${client}`);
  return client;
};
const reportsOf = (code: string) => env.received.filter((m) => m.deviceCode === code).map((m) => m.payload.toString());

describe('Mosquitto dynamic security kept in step with the registry (own enforcing Mosquitto)', () => {
  it('lets a registered device connect and publish its own topics, which reach the server', async () => {
    const d = await registered();
    const client = await device(d.code, d.secret);
    await client.publishAsync(`dev/${d.code}/up`, 'r1', { qos: 1 });
    await until(() => reportsOf(d.code).length === 1);
    const got: string[] = [];
    client.on('message', (_topic, payload) => got.push(payload.toString()));
    const [grant] = await client.subscribeAsync(`dev/${d.code}/down`, { qos: 1 });
    expect(grant!.qos).toBe(1);
    await env.server.downlink.send({ deviceId: '0', deviceCode: d.code }, Buffer.from('cmd'));
    await until(() => got.length === 1);
    expect(got).toEqual(['cmd']);
  });

  it('refuses a device publishing on another device topic and subscribing to # or another down topic', async () => {
    const a = await registered();
    const b = await registered();
    const client = await device(a.code, a.secret);
    await expect(client.publishAsync(`dev/${b.code}/up`, 'forged', { qos: 1 })).rejects.toThrow(/Not authorized/);
    await expect(client.publishAsync(`dev/${a.code}/down`, 'to itself', { qos: 1 })).rejects.toThrow(/Not authorized/);
    await client.publishAsync(`dev/${a.code}/up`, 'own', { qos: 1 });
    await until(() => reportsOf(a.code).length === 1);
    expect(reportsOf(b.code)).toEqual([]);
    for (const filter of ['#', 'dev/+/down', `dev/${a.code}/+`, `dev/${b.code}/down`, '$share/x/dev/+/up']) {
      await expect(client.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Not authorized/);
    }
  });

  it('refuses an unregistered device, a wrong secret and the timestamped password Mosquitto cannot check', async () => {
    const d = await registered();
    expect(await connectAs('NOSUCH0001', 'whatever')).toMatch(/Not authorized|Bad User Name or Password/i);
    expect(await connectAs(d.code, 'wrong secret')).toMatch(/Not authorized|Bad User Name or Password/i);
    const timestamped = signDeviceLogin(d.code, d.secret, Date.now());
    expect(
      await connectAs(d.code, d.secret, { username: timestamped.username, password: timestamped.password }),
    ).toMatch(/Not authorized|Bad User Name or Password/i);
    expect(await connectAs(d.code, d.secret, { clientId: `${d.code}-other` })).toMatch(
      /Not authorized|Bad User Name or Password|Client Identifier/i,
    );
  });

  it('drops and refuses a deleted device, a disabled one, and the old secret after a reset', async () => {
    const deleted = await registered();
    const connected = await device(deleted.code, deleted.secret);
    await env.t.db.deleteFrom('devices').where('device_code', '=', deleted.code).execute();
    await env.server.registry!.removeDevice(deleted.code);
    await until(() => !connected.connected);
    expect(await connectAs(deleted.code, deleted.secret)).toMatch(/Not authorized|Bad User Name or Password/i);

    const disabled = await registered();
    await env.t.db.updateTable('devices').set({ disabled: true }).where('device_code', '=', disabled.code).execute();
    await env.server.registry!.upsertDevice(disabled.code);
    expect(await connectAs(disabled.code, disabled.secret)).toMatch(/Not authorized|Bad User Name or Password/i);

    const reset = await registered();
    await env.t.db
      .updateTable('devices')
      .set({ secret_box: secretBox(env.config.deviceSecretKey).seal('the new secret') })
      .where('device_code', '=', reset.code)
      .execute();
    await env.server.registry!.upsertDevice(reset.code);
    expect(await connectAs(reset.code, reset.secret)).toMatch(/Not authorized|Bad User Name or Password/i);
    expect(typeof (await connectAs(reset.code, 'the new secret'))).toBe('object');
  });

  it('reconciles on start: a client of a device no longer registered is removed, a new one added', async () => {
    const gone = await registered();
    await env.t.db.deleteFrom('devices').where('device_code', '=', gone.code).execute();
    const added = await registered();
    await env.server.registry!.removeDevice(added.code);
    expect(await connectAs(added.code, added.secret)).toMatch(/Not authorized|Bad User Name or Password/i);
    const outcome = await env.server.registry!.reconcile();
    expect(outcome.removed).toBeGreaterThanOrEqual(1);
    expect(await connectAs(gone.code, gone.secret)).toMatch(/Not authorized|Bad User Name or Password/i);
    expect(typeof (await connectAs(added.code, added.secret))).toBe('object');
  });
});

describe('presence from what Mosquitto tells', () => {
  const state = (code: string) =>
    env.t.db
      .selectFrom('devices')
      .select(['connected', 'offline_code'])
      .where('device_code', '=', code)
      .executeTakeFirstOrThrow();
  const will = (code: string) => ({
    will: { topic: `dev/${code}/status`, payload: Buffer.from('offline'), qos: 1 as const, retain: false },
  });

  it('goes online on the device online message, offline 1911 on its last will, 200 on its clean-disconnect message', async () => {
    const d = await registered();
    const first = await connectAs(d.code, d.secret, will(d.code));
    if (typeof first === 'string') throw new Error(first);
    await first.publishAsync(`dev/${d.code}/status`, 'online', { qos: 1 });
    await expect.poll(() => state(d.code), { timeout: 5000 }).toMatchObject({ connected: true, offline_code: null });
    first.stream.destroy();
    await expect.poll(() => state(d.code), { timeout: 5000 }).toMatchObject({ connected: false, offline_code: 1911 });

    const second = await device(d.code, d.secret);
    await second.publishAsync(`dev/${d.code}/up`, 'a report', { qos: 1 });
    await expect.poll(() => state(d.code), { timeout: 5000 }).toMatchObject({ connected: true, offline_code: null });
    await second.publishAsync(`dev/${d.code}/status`, 'disconnect', { qos: 1 });
    await second.endAsync();
    await expect.poll(() => state(d.code), { timeout: 5000 }).toMatchObject({ connected: false, offline_code: 200 });
  });

  it('counts a status message it does not know and changes nothing', async () => {
    const d = await registered();
    const client = await device(d.code, d.secret);
    const before = env.server.link.refusals().status;
    await client.publishAsync(`dev/${d.code}/status`, 'sleeping', { qos: 1 });
    await expect.poll(() => env.server.link.refusals().status, { timeout: 5000 }).toBe(before + 1);
    expect(await state(d.code)).toMatchObject({ connected: false });
  });
});

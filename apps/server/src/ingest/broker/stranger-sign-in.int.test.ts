import { signDeviceLogin } from '@dcc/protocol/device-signature';
import type { IClientOptions, MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFrom, deviceOptions, newDemoDevice, startLinkApp, type TestDevice } from '../../../test/device-link.ts';
import type { TestApp } from '../../../test/harness.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../test/own-mosquitto.ts';
import { until } from '../../../test/until.ts';
import type { Config } from '../../config.ts';
import { localDeviceEvents } from '../../events/device-events.ts';
import { loadExternalBrokerConfig } from './external/external-config.ts';
import { startExternalLink, type StartedExternalLink } from './external/start-external-link.ts';
import { devicePresence } from '../presence/presence.ts';

const STRANGER = '127.0.0.1';
const OWNER = '127.0.0.2';
const PROBER = '127.0.0.3';

/** The CONNACK refusal of a connection attempt (code and message), or 'connected'. */
async function attempt(url: string, from: string, options: IClientOptions): Promise<string> {
  try {
    await (await connectFrom(url, from, options)).endAsync(true);
    return 'connected';
  } catch (error) {
    return `${(error as { code?: number }).code} ${(error as Error).message}`;
  }
}
const wrongPassword = (options: IClientOptions): IClientOptions => ({ ...options, password: '0'.repeat(64) });
const refusedRowsOf = (t: TestApp, code: string) =>
  t.db.selectFrom('ingest_refusals').select(['reason', 'count']).where('device_code', '=', code).execute();

describe('a stranger on the embedded broker', () => {
  const env = {} as { t: TestApp; url: string };
  beforeAll(async () => {
    env.t = await startLinkApp({ connectsPerMinute: 3, reconnectCooldownMs: 60_000, signInFailuresPerAddress: 5 });
    env.url = `mqtt://127.0.0.1:${env.t.deviceSide.mqttPort}`;
  });
  afterAll(async () => env.t.close());

  it("hammering a device's code with wrong passwords from one address cannot stop the device from another, nor list it as abnormal", async () => {
    const device = await newDemoDevice(env.t);
    const answers: string[] = [];
    for (let i = 0; i < 12; i += 1)
      answers.push(await attempt(env.url, STRANGER, wrongPassword(deviceOptions(device))));
    expect(answers.slice(0, 5).every((answer) => answer.startsWith('4 '))).toBe(true);
    // The stranger's address is refused from then on (server unavailable), whatever it claims.
    expect(answers.slice(5).every((answer) => answer.startsWith('3 '))).toBe(true);
    const other = await newDemoDevice(env.t);
    expect(await attempt(env.url, STRANGER, deviceOptions(other))).toMatch(/^3 /);
    // The device itself, from its own address, up to its own reconnect limit.
    for (let i = 0; i < 3; i += 1) expect(await attempt(env.url, OWNER, deviceOptions(device))).toBe('connected');
    expect(env.t.deviceSide.counters.ofDevice(device.code)['reconnect-loop']).toBeUndefined();
    await env.t.deviceSide.counters.flush();
    expect(await refusedRowsOf(env.t, device.code)).toEqual([]);
  });

  it("counts only signed-in connections towards a device's reconnect loop", async () => {
    const device = await newDemoDevice(env.t);
    for (let i = 0; i < 3; i += 1) expect(await attempt(env.url, PROBER, deviceOptions(device))).toBe('connected');
    expect(await attempt(env.url, OWNER, deviceOptions(device))).toMatch(/^3 /);
    expect(env.t.deviceSide.counters.ofDevice(device.code)['reconnect-loop']).toBe(1);
  });

  it('answers an unknown IoT code and a wrong signature alike (same CONNACK, same message)', async () => {
    const device = await newDemoDevice(env.t);
    const unknown: TestDevice = { id: '0', code: `NO${device.code}`, secret: device.secret };
    const wrong = await attempt(env.url, '127.0.0.4', wrongPassword(deviceOptions(device)));
    expect(wrong).toMatch(/^4 /);
    expect(await attempt(env.url, '127.0.0.4', deviceOptions(unknown))).toBe(wrong);
  });
});

describe('a stranger on an external Mosquitto with dynamic security (own enforcing Mosquitto)', () => {
  const env = {} as {
    t: TestApp;
    broker: OwnMosquitto;
    server: StartedExternalLink;
    config: Config;
    clients: MqttClient[];
  };
  beforeAll(async () => {
    env.broker = await startOwnMosquitto({ dynsec: true });
    env.t = await startLinkApp();
    const base = (await import('../../config.ts')).loadConfig({ DATA_DIR: 'memory://' });
    env.config = {
      ...base,
      externalBroker: loadExternalBrokerConfig({
        MQTT_URL: env.broker.url,
        MQTT_USERNAME: env.broker.admin.username,
        MQTT_PASSWORD: env.broker.admin.password,
        MQTT_CLIENT_ID: `dcc-stranger-${process.pid}`,
        MQTT_CONNECTIONS: '1',
        MOSQUITTO_DYNSEC: 'on',
      }),
    };
    const quiet = { info: () => undefined, warn: () => undefined };
    env.server = await startExternalLink({
      config: env.config,
      db: env.t.db,
      log: quiet,
      presence: devicePresence(env.t.db, localDeviceEvents()),
      sink: { store: async () => undefined },
    });
    env.clients = [];
    await until(env.server.link.connected);
  });
  afterAll(async () => {
    for (const client of env.clients) await client.endAsync(true).catch(() => undefined);
    await env.server?.close();
    await env.t?.close();
    await env.broker?.dispose();
  });
  const mosquittoOptions = (device: TestDevice): IClientOptions => ({
    ...signDeviceLogin(device.code, device.secret, 0),
    protocolVersion: 5,
  });
  const registered = async () => {
    const device = await newDemoDevice(env.t);
    await env.server.registry!.upsertDevice(device.code);
    return device;
  };

  it("hammering a device's code from one address neither drops the device's connection nor stops it connecting from another", async () => {
    const device = await registered();
    const connected = await connectFrom(env.broker.url, OWNER, mosquittoOptions(device));
    env.clients.push(connected);
    const answers: string[] = [];
    for (let i = 0; i < 30; i += 1)
      answers.push(await attempt(env.broker.url, STRANGER, wrongPassword(mosquittoOptions(device))));
    expect(answers.includes('connected')).toBe(false);
    expect(connected.connected).toBe(true);
    expect(await attempt(env.broker.url, OWNER, mosquittoOptions(device))).toBe('connected');
    await env.t.deviceSide.counters.flush();
    expect(await refusedRowsOf(env.t, device.code)).toEqual([]);
  });

  it('answers an unknown IoT code and a wrong signature alike', async () => {
    const device = await registered();
    const wrong = await attempt(env.broker.url, PROBER, wrongPassword(mosquittoOptions(device)));
    expect(wrong).not.toBe('connected');
    expect(
      await attempt(
        env.broker.url,
        PROBER,
        mosquittoOptions({ id: '0', code: `NO${device.code}`, secret: device.secret }),
      ),
    ).toBe(wrong);
  });
});

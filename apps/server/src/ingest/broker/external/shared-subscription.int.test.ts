import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, until } from '../../../../test/until.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../../test/own-mosquitto.ts';
import { loadExternalBrokerConfig } from './external-config.ts';
import { connectExternalLink, type ExternalLink } from './external-link.ts';

const DEVICES = 50;
const REPORTS_EACH = 20;
const quiet = { info: () => undefined, warn: () => undefined };
let broker: OwnMosquitto;
const devices: MqttClient[] = [];

beforeAll(async () => {
  broker = await startOwnMosquitto({ dynsec: false });
  for (let n = 0; n < DEVICES; n += 1)
    devices.push(
      await mqtt.connectAsync(broker.url, { clientId: `FLOOD${String(n).padStart(4, '0')}`, reconnectPeriod: 0 }),
    );
});
afterAll(async () => {
  for (const device of devices) await device.endAsync();
  await broker.dispose();
});

/** A server instance whose sink records which reports it stored (with a little storage latency). */
function instance(clientId: string, stored: Map<string, string[]>) {
  const config = {
    ...loadExternalBrokerConfig({ MQTT_URL: broker.url, MQTT_CLIENT_ID: clientId, MQTT_CONNECTIONS: '2' }),
    url: broker.url,
  };
  const link: ExternalLink = connectExternalLink(config, {
    sink: {
      async store(message) {
        await sleep(Math.random() * 3);
        const key = message.payload.toString();
        stored.set(key, [...(stored.get(key) ?? []), clientId]);
      },
    },
    onStatus: async () => true,
    log: quiet,
  });
  return link;
}

async function flood(): Promise<string[]> {
  const sent: string[] = [];
  await Promise.all(
    devices.map(async (device, index) => {
      for (let n = 0; n < REPORTS_EACH; n += 1) {
        const report = `${index}:${n}`;
        await device.publishAsync(`dev/${device.options.clientId}/up`, report, { qos: 1 });
        sent.push(report);
      }
    }),
  );
  return sent;
}

const byInstance = (stored: Map<string, string[]>) => {
  const counts: Record<string, number> = {};
  for (const owners of stored.values()) for (const owner of owners) counts[owner] = (counts[owner] ?? 0) + 1;
  return counts;
};

describe('two server instances sharing $share/ingest on Mosquitto', () => {
  it('split a flood of reports from many devices between them, each report stored once', async () => {
    const stored = new Map<string, string[]>();
    const a = instance('split-a', stored);
    const b = instance('split-b', stored);
    await until(() => a.subscribed() && b.subscribed());
    const sent = await flood();
    await until(() => stored.size === sent.length);
    // Every report acknowledged: the broker has none left to deliver again.
    await until(() => a.acknowledged() + b.acknowledged() >= sent.length);
    expect([...stored.keys()].sort()).toEqual([...sent].sort());
    expect([...stored.values()].filter((owners) => owners.length !== 1)).toEqual([]);
    const counts = byInstance(stored);
    expect(counts['split-a']).toBeGreaterThan(sent.length * 0.3);
    expect(counts['split-b']).toBeGreaterThan(sent.length * 0.3);
    await a.close({ endSession: true });
    await b.close({ endSession: true });
  });

  it('keeps the share of an instance that is away and delivers it when that instance returns, none twice', async () => {
    const stored = new Map<string, string[]>();
    const a = instance('away-a', stored);
    let b = instance('away-b', stored);
    await until(() => a.subscribed() && b.subscribed());
    await b.close();
    const sent = await flood();
    await until(() => byInstance(stored)['away-a'] !== undefined && stored.size >= sent.length * 0.3);
    // Mosquitto goes on assigning part of the flood to the absent instance's persistent session.
    expect(stored.size).toBeLessThan(sent.length);
    b = instance('away-b', stored);
    await until(() => stored.size === sent.length);
    // Every report acknowledged: the broker has none left to deliver again.
    await until(() => a.acknowledged() + b.acknowledged() >= sent.length);
    expect([...stored.values()].filter((owners) => owners.length !== 1)).toEqual([]);
    expect(byInstance(stored)['away-b']).toBeGreaterThan(0);
    await a.close({ endSession: true });
    await b.close({ endSession: true });
  });
});

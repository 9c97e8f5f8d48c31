import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../test/until.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../../test/own-mosquitto.ts';
import type { UplinkMessage } from '../../device-link.ts';
import { loadExternalBrokerConfig } from './external-config.ts';
import { connectExternalLink, type ExternalLink } from './external-link.ts';

const quiet = { info: () => undefined, warn: () => undefined };
let broker: OwnMosquitto;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  broker = await startOwnMosquitto({ dynsec: false });
});
afterAll(async () => {
  for (const item of opened.reverse()) await item.close().catch(() => undefined);
  await broker.dispose();
});

/** A link whose sink records every message and answers with `store` (resolved at once by default). */
function link(
  clientId: string,
  store: (message: UplinkMessage) => Promise<void> = async () => undefined,
  extra: { maxPayloadBytes?: number } = {},
) {
  const received: UplinkMessage[] = [];
  const statuses: string[] = [];
  const config = {
    ...loadExternalBrokerConfig({ MQTT_URL: broker.url, MQTT_CLIENT_ID: clientId, MQTT_CONNECTIONS: '1' }),
    url: broker.url,
    ...extra,
  };
  const external: ExternalLink = connectExternalLink(config, {
    sink: {
      store: (message) => {
        received.push(message);
        return store(message);
      },
    },
    onStatus: async (code, payload) => {
      statuses.push(`${code}:${payload.toString()}`);
      return true;
    },
    log: quiet,
  });
  opened.push({ close: () => external.close({ endSession: true }) });
  return { external, received, statuses };
}

async function device(code: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(broker.url, { clientId: code, reconnectPeriod: 0 });
  opened.push({ close: () => client.endAsync() });
  return client;
}

describe('external link (own Mosquitto)', () => {
  it('hands each report to the sink, passes status messages on and counts foreign topics and oversized payloads', async () => {
    const { external, received, statuses } = link('t-basic');
    await until(external.subscribed);
    const d = await device('EXT0001');
    await d.publishAsync('dev/EXT0001/up', Buffer.from([1, 2, 3]), { qos: 1 });
    await d.publishAsync('dev/EXT0001/status', 'offline', { qos: 1 });
    await d.publishAsync('dev/abc/up', 'not a device code', { qos: 1 });
    await d.publishAsync('dev/EXT0001/up', Buffer.alloc(64 * 1024 + 1), { qos: 1 });
    await until(
      () =>
        received.length === 1 &&
        statuses.length === 1 &&
        external.refusals().topic === 1 &&
        external.refusals().oversized === 1,
    );
    expect(received[0]).toMatchObject({ deviceCode: 'EXT0001', payload: Buffer.from([1, 2, 3]) });
    expect(statuses).toEqual(['EXT0001:offline']);
    await external.close({ endSession: true });
  });

  it("drops a payload over MQTT_MAX_PAYLOAD_BYTES, the embedded broker's limit, and hands on one at it", async () => {
    const { external, received } = link('t-limit', undefined, { maxPayloadBytes: 1024 });
    await until(external.subscribed);
    const d = await device('EXT0009');
    await d.publishAsync('dev/EXT0009/up', Buffer.alloc(1025), { qos: 1 });
    await d.publishAsync('dev/EXT0009/up', Buffer.alloc(1024), { qos: 1 });
    await until(() => received.length === 1 && external.refusals().oversized === 1);
    expect(received.map((m) => m.payload.length)).toEqual([1024]);
    await external.close({ endSession: true });
  });

  it('acknowledges a report only after the sink stored it: an unacknowledged one comes again after a restart', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = link('t-ack', () => held);
    await until(first.external.subscribed);
    const d = await device('EXT0002');
    await d.publishAsync('dev/EXT0002/up', 'report-1', { qos: 1 });
    await until(() => first.received.length === 1);
    // The server dies while the store is pending: no PUBACK went to the broker.
    await first.external.close();
    release();

    const second = link('t-ack');
    await until(() => second.received.length === 1);
    expect(second.received[0]!.payload.toString()).toBe('report-1');
    // This time the store resolved: the PUBACK went and the broker forgets the report.
    await until(() => second.external.acknowledged() === 1);
    await second.external.close();

    const third = link('t-ack');
    // The broker sends a resumed session's queue before it answers the new subscription: once subscribed,
    // a report it still held would have arrived.
    await until(third.external.subscribed);
    expect(third.received).toEqual([]);
    await third.external.close({ endSession: true });
  });

  it('keeps its session: reports published while the server was away arrive when it returns', async () => {
    const first = link('t-away');
    await until(first.external.subscribed);
    await first.external.close();
    const d = await device('EXT0003');
    for (const n of [1, 2, 3]) await d.publishAsync('dev/EXT0003/up', `r${n}`, { qos: 1 });
    const back = link('t-away');
    await until(() => back.received.length === 3);
    expect(back.received.map((m) => m.payload.toString())).toEqual(['r1', 'r2', 'r3']);
    await back.external.close({ endSession: true });
  });

  it('sends commands QoS 1 on the device down topic and refuses a code that is not one', async () => {
    const { external } = link('t-down');
    await until(external.connected);
    const d = await device('EXT0004');
    const got: string[] = [];
    d.on('message', (topic, payload) => got.push(`${topic}:${payload.toString()}`));
    await d.subscribeAsync('dev/EXT0004/down', { qos: 1 });
    await external.downlink.send({ deviceId: '0', deviceCode: 'EXT0004' }, Buffer.from('set'));
    await until(() => got.length === 1);
    expect(got).toEqual(['dev/EXT0004/down:set']);
    await expect(external.downlink.send({ deviceId: '0', deviceCode: 'dev/#' }, Buffer.from('x'))).rejects.toThrow(
      /IoT code/,
    );
    await external.close({ endSession: true });
  });

  it('rides out a broker restart: refuses commands while it is away, reconnects and receives again', async () => {
    const { external, received } = link('t-restart');
    await until(external.connected);
    await broker.stop();
    await until(() => !external.connected());
    await expect(external.downlink.send({ deviceId: '0', deviceCode: 'EXT0005' }, Buffer.from('x'))).rejects.toThrow(
      /not reachable/,
    );
    await broker.start();
    await until(external.subscribed, 15_000);
    const d = await device('EXT0005');
    await d.publishAsync('dev/EXT0005/up', 'after restart', { qos: 1 });
    await until(() => received.length === 1);
    expect(received[0]!.payload.toString()).toBe('after restart');
    await external.close({ endSession: true });
  });
});

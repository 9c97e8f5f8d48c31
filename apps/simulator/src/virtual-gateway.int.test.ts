import {
  buildServiceCall,
  decodeFrame,
  deviceTopic,
  encodeSetCommand,
  parseAlinkReply,
  payloadDeviceCode,
} from '@dcc/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heatPumpTable } from './heat-pump-model.ts';
import { nextMessage, startTestBroker, until, type TestBroker } from './testing/test-broker.ts';
import { VirtualGateway } from './virtual-gateway.ts';

const table = heatPumpTable();
const GATEWAY = { code: 'GW2406C9001', secret: 'g'.repeat(64) };
const PUMP = 'HP2406C9001';
const HEATER = 'WH2406C9001';

let broker: TestBroker;
let cloud: MqttClient;
let gateway: VirtualGateway;
const seen: Array<{ topic: string; payload: Buffer }> = [];

beforeAll(async () => {
  broker = await startTestBroker(new Map([[GATEWAY.code, GATEWAY.secret]]));
  cloud = await broker.cloud();
  cloud.on('message', (topic, payload) => seen.push({ topic, payload }));
  await cloud.subscribeAsync(['dev/+/up', 'dev/+/status'], { qos: 1 });
});
afterEach(async () => {
  await gateway?.stop();
  seen.length = 0;
});
afterAll(async () => broker.close());

async function startGateway(): Promise<VirtualGateway> {
  gateway = new VirtualGateway({
    url: broker.url,
    identity: GATEWAY,
    children: [
      { code: PUMP, kind: 'heatPump' },
      { code: HEATER, kind: 'waterHeater' },
    ],
    reportIntervalMs: 60_000,
  });
  const connected = new Promise((resolve) => gateway.once('connect', resolve));
  gateway.start();
  await connected;
  return gateway;
}

const upOf = (code: string) =>
  seen.filter((m) => m.topic === deviceTopic(GATEWAY.code, 'up') && payloadDeviceCode(m.payload) === code);
const statusSaid = () =>
  seen.filter((m) => m.topic === deviceTopic(GATEWAY.code, 'status')).map((m) => m.payload.toString('utf8'));

describe('a virtual gateway with two children', () => {
  it('signs in as itself, says its children are online and reports for each on its own topic', async () => {
    await startGateway();
    await until(() => upOf(PUMP).length > 0 && upOf(HEATER).length > 0);
    const frame = decodeFrame(upOf(PUMP)[0]!.payload, table);
    expect(frame.ok && frame.frame.function).toBe('report');
    expect(JSON.parse(upOf(HEATER)[0]!.payload.toString('utf8'))).toMatchObject({
      method: 'thing.event.property.post',
      deviceCode: HEATER,
    });
    await until(() => statusSaid().length >= 3);
    expect(statusSaid()).toEqual(['online', `child-online ${PUMP}`, `child-online ${HEATER}`]);
    expect(broker.signIns.map((s) => s.clientId)).toContain(GATEWAY.code);
    expect(seen.every((m) => m.topic.startsWith(`dev/${GATEWAY.code}/`))).toBe(true);
  });

  it("passes each child's commands on and answers for it on the gateway's topic", async () => {
    await startGateway();
    const up = deviceTopic(GATEWAY.code, 'up');
    const setReply = nextMessage(cloud, up, (p) => {
      const d = decodeFrame(p, table);
      return d.ok && d.frame.function === 'setReply';
    });
    const command = encodeSetCommand(PUMP, [{ address: 4, value: 44 }], table, { seq: 7 });
    if (!command.ok) throw new Error(command.error.message);
    await cloud.publishAsync(deviceTopic(GATEWAY.code, 'down'), Buffer.from(command.bytes), { qos: 1 });
    const reply = decodeFrame(await setReply, table);
    expect(reply.ok && { code: reply.frame.deviceCode, seq: reply.frame.seq, status: reply.frame.statusName }).toEqual({
      code: PUMP,
      seq: 7,
      status: 'accepted',
    });

    const alinkReply = nextMessage(cloud, up, (p) => parseAlinkReply(p).ok);
    const set = { ...buildServiceCall('9', 'property.set', { TargetTemperature: 60 }), deviceCode: HEATER };
    await cloud.publishAsync(deviceTopic(GATEWAY.code, 'down'), JSON.stringify(set), { qos: 1 });
    expect(JSON.parse((await alinkReply).toString('utf8'))).toMatchObject({ id: '9', code: 200, deviceCode: HEATER });
  });

  it('says when a child lost its link or its session failed, stops reporting for it and ignores its commands', async () => {
    await startGateway();
    await until(() => upOf(PUMP).length > 0);
    const ignored = new Promise((resolve) => gateway.once('ignored', resolve));
    gateway.loseChild(PUMP);
    gateway.failChild(HEATER);
    await until(() => statusSaid().includes(`child-offline ${PUMP}`) && statusSaid().includes(`child-error ${HEATER}`));
    const before = { pump: upOf(PUMP).length, heater: upOf(HEATER).length };
    gateway.report();
    const command = encodeSetCommand(PUMP, [{ address: 4, value: 44 }], table, { seq: 8 });
    if (!command.ok) throw new Error(command.error.message);
    await cloud.publishAsync(deviceTopic(GATEWAY.code, 'down'), Buffer.from(command.bytes), { qos: 1 });
    expect(await ignored).toBe('child link lost');
    expect({ pump: upOf(PUMP).length, heater: upOf(HEATER).length }).toEqual(before);
    gateway.restoreChild(PUMP);
    gateway.report();
    await until(() => upOf(PUMP).length > before.pump);
    expect(upOf(HEATER).length).toBe(before.heater);
    expect(statusSaid().at(-1)).toBe(`child-online ${PUMP}`);
  });
});

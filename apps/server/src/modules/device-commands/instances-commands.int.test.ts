import { decodeFrame, demoHeatPumpTable, encodeControl, encodeControlReply } from '@dcc/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOptions, newDemoDevice } from '../../../test/device-link.ts';
import { startExternalServer } from '../../../test/external-server.ts';
import { newDealer } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../test/own-mosquitto.ts';
import { createSharedDatabase, type SharedDatabase } from '../../../test/shared-database.ts';
import { commandService } from './command-deps.ts';
import { sendCommand } from './send-command.ts';

/**
 * Two server instances on one external broker and one PostgreSQL database (PostgreSQL only: PGlite
 * cannot be shared) send commands to one device at the same time: every command carries a sequence
 * number of its own, and each reply, which reaches either instance through `$share/ingest`, completes
 * the call of the instance that sent the command (the device event bus carries it over).
 */
const COMMANDS_EACH = 20;

describe.skipIf(!process.env.DATABASE_URL)('commands from two instances to one device (PostgreSQL only)', () => {
  const env = {} as { broker: OwnMosquitto; shared: SharedDatabase; a: TestApp; b: TestApp };
  beforeAll(async () => {
    env.broker = await startOwnMosquitto({ dynsec: false });
    env.shared = await createSharedDatabase(process.env.DATABASE_URL!);
    const instance = async (clientId: string) =>
      startExternalServer({
        brokerUrl: env.broker.url,
        clientId,
        database: await env.shared.open(),
        databaseUrl: env.shared.url,
      });
    env.a = await instance('commands-a');
    env.b = await instance('commands-b');
  });
  afterAll(async () => {
    await env.a?.close();
    await env.b?.close();
    await env.shared?.dispose();
    await env.broker?.dispose();
  });

  it('gives every command its own sequence number and each caller its own reply', async () => {
    const device = await newDemoDevice(env.a, { dealerId: await newDealer(env.a.db, { level: 0 }) });
    const table = demoHeatPumpTable();
    const client = await mqtt.connectAsync(env.broker.url, deviceOptions(device, { clientId: device.code }));
    const received: number[] = [];
    client.on('message', (_topic, payload) => {
      const decoded = decodeFrame(payload, table);
      if (!decoded.ok || decoded.frame.function !== 'control') return;
      received.push(decoded.frame.seq);
      const reply = encodeControlReply(device.code, 'accepted', 'lock', { seq: decoded.frame.seq });
      if (reply.ok) void client.publishAsync(`dev/${device.code}/up`, Buffer.from(reply.bytes), { qos: 1 });
    });
    await client.subscribeAsync(`dev/${device.code}/down`, { qos: 1 });
    const send = (t: TestApp) => {
      const service = commandService({
        db: t.db,
        downlink: t.deviceSide.downlink,
        events: t.events,
        profiles: t.deviceSide.profiles,
        timeoutMs: 10_000,
      });
      return sendCommand(
        service,
        { deviceId: device.id, deviceCode: device.code, gatewayCode: null },
        'controlReply',
        (seq) => encodeControl(device.code, 'lock', { seq }),
      );
    };
    const sent = await Promise.all(
      Array.from({ length: COMMANDS_EACH * 2 }, (_, n) => send(n % 2 === 0 ? env.a : env.b)),
    );
    const seqs = sent.map((command) => command.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(sent.map((command) => command.reply?.seq)).toEqual(seqs);
    expect(received.sort((x, y) => x - y)).toEqual([...seqs].sort((x, y) => x - y));
    await client.endAsync();
  }, 60_000);
});

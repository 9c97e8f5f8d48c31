import {
  Button,
  ErrorCode,
  listCommunicationLog,
  listOperationLog,
  queryCommunicationLog,
  type DeviceOperation,
  type LoggedPacket,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../db/partition-day.ts';
import { ensureDayPartitions } from '../../ingest/index.ts';
import { commandDevice, commandWorld, type CommandWorld } from '../../../test/device-commands-setup.ts';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoReport } from '../../../test/ingest-setup.ts';
import { setPointValues } from '../device-commands/set-values.ts';

/**
 * The device logs of log management over what the device side keeps: a set command's packet down and a
 * report up, parsed; the operation log by IoT code; the query across the subtree; each search rule of
 * spec section 5 refused when missing.
 */
type Page<T> = { list: T[]; totalSize: number };
const env = {} as {
  t: TestApp;
  w: CommandWorld;
  reader: { sessionid: string; dealersId: string };
  /** The same searches without B9405 (vendor parameters). */
  plainReader: { sessionid: string; dealersId: string };
  mine: { deviceId: string; deviceCode: string };
  foreign: { deviceId: string; deviceCode: string };
};
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

async function storeReport(deviceId: string, code: string, seq: number) {
  const at = new Date();
  await ensureDayPartitions(env.t.db, [dayOf(at)]);
  await env.t.db
    .insertInto('raw_packets')
    .values({
      day: dayOf(at),
      device_id: deviceId,
      at,
      seq,
      digest: seq,
      payload: demoReport(code, seq),
      kind: 'report',
    })
    .execute();
}

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.w.A, user.id, [
    Button.LOG_MANAGE,
    Button.COMMUNICATION_LOG,
    Button.COMMUNICATION_LOG_QUERY,
    Button.DEVICE_VENDOR_PARAMS,
  ]);
  env.reader = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.w.A };
  const plain = await newUser(env.t.db);
  await newMember(env.t.db, env.w.A, plain.id, [
    Button.LOG_MANAGE,
    Button.COMMUNICATION_LOG,
    Button.COMMUNICATION_LOG_QUERY,
  ]);
  env.plainReader = { sessionid: await loginAs(env.t.app, plain.phone), dealersId: env.w.A };
  env.mine = await commandDevice(env.w, { values: { 21: 60 } });
  env.foreign = await commandDevice(env.w, { dealerId: env.w.B });
  await setPointValues(
    env.w.service,
    env.w.scope,
    { ...env.w.actor, vendorParams: true },
    { deviceId: env.mine.deviceId, values: [{ address: 3, value: 47 }] },
    'en-US',
  );
  await storeReport(env.mine.deviceId, env.mine.deviceCode, 7);
  await storeReport(env.foreign.deviceId, env.foreign.deviceCode, 8);
});
afterAll(async () => env.t.close());

const ask = <T>(def: Parameters<typeof call>[1], body: Record<string, unknown>, language = 'en_US') =>
  call<Page<T>>(env.t.app, def, body, { ...env.reader, language });

describe('device communication log', () => {
  it("lists a device's packets down and up in the range, newest first, parsed in the reader's language", async () => {
    const answer = await ask<LoggedPacket>(listCommunicationLog, {
      deviceCode: env.mine.deviceCode,
      startTime: hourAgo(),
      endTime: inAMinute(),
    });
    expect(answer.body.error_code).toBe(0);
    const { list } = answer.body.objectResult!;
    expect(list.map((packet) => [packet.direction, packet.kind])).toEqual([
      ['up', 'report'],
      ['down', 'command'],
    ]);
    const command = list[1]!;
    expect(command.deviceCode).toBe(env.mine.deviceCode);
    expect(command.hex).toMatch(/^[0-9a-f]+$/);
    expect(command.versionId).not.toBeNull();
    expect(command.decoded?.ok).toBe(true);
    expect(command.decoded?.rows.find((row) => row.address === 3)?.value).toBe(47);
    const report = list[0]!;
    expect(report.decoded?.rows.length).toBeGreaterThan(3);
    expect(report.decoded?.frame).not.toBeNull();
    const zh = await ask<LoggedPacket>(
      listCommunicationLog,
      { deviceCode: env.mine.deviceCode, startTime: hourAgo(), endTime: inAMinute() },
      'zh_CN',
    );
    const nameIn = (packet: LoggedPacket | undefined) =>
      packet?.decoded?.rows.find((row) => row.address === 3)?.pointName;
    expect(nameIn(zh.body.objectResult!.list[1])).not.toBe(nameIn(command));
    // The kind is named in the reader's language beside its code (never shown raw).
    expect(list.map((packet) => packet.kindName)).toEqual(['Report', 'Command sent']);
    expect(zh.body.objectResult!.list.map((packet) => packet.kindName)).toEqual(['上报', '下发指令']);
    const down = await ask<LoggedPacket>(listCommunicationLog, {
      deviceCode: env.mine.deviceCode,
      startTime: hourAgo(),
      endTime: inAMinute(),
      direction: 'down',
    });
    expect(down.body.objectResult!.list.map((packet) => packet.direction)).toEqual(['down']);
  });

  it('finds nothing outside the range or for a device outside the subtree', async () => {
    const earlier = await ask<LoggedPacket>(listCommunicationLog, {
      deviceCode: env.mine.deviceCode,
      startTime: new Date(Date.now() - 7_200_000).toISOString(),
      endTime: hourAgo(),
    });
    expect(earlier.body.objectResult!.totalSize).toBe(0);
    const foreign = await ask<LoggedPacket>(listCommunicationLog, {
      deviceCode: env.foreign.deviceCode,
      startTime: hourAgo(),
      endTime: inAMinute(),
    });
    expect(foreign.body.objectResult).toEqual({ list: [], totalSize: 0 });
  });

  it('queries the packets of every device of the subtree, not of others', async () => {
    const answer = await ask<LoggedPacket>(queryCommunicationLog, { startTime: hourAgo(), endTime: inAMinute() });
    const codes = new Set(answer.body.objectResult!.list.map((packet) => packet.deviceCode));
    expect(codes.has(env.mine.deviceCode)).toBe(true);
    expect(codes.has(env.foreign.deviceCode)).toBe(false);
  });

  it('shows a reader without B9405 no vendor parameter and no raw bytes, in the log and the query alike', async () => {
    const range = { startTime: hourAgo(), endTime: inAMinute() };
    const vendorAddress = 21; // maxSet, the demo table's vendor parameter, in every report
    const asPlain = (def: Parameters<typeof call>[1], body: Record<string, unknown>) =>
      call<Page<LoggedPacket>>(env.t.app, def, body, { ...env.plainReader, language: 'en_US' });
    const full = await ask<LoggedPacket>(listCommunicationLog, { deviceCode: env.mine.deviceCode, ...range });
    const report = full.body.objectResult!.list[0]!;
    expect(report.hex).not.toBeNull();
    expect(report.decoded?.rows.map((row) => row.address)).toContain(vendorAddress);
    const log = await asPlain(listCommunicationLog, { deviceCode: env.mine.deviceCode, ...range });
    const query = await asPlain(queryCommunicationLog, range);
    const mine = query.body.objectResult!.list.filter((packet) => packet.deviceCode === env.mine.deviceCode);
    for (const packets of [log.body.objectResult!.list, mine]) {
      expect(packets.map((packet) => packet.kind)).toEqual(['report', 'command']);
      expect(packets.map((packet) => packet.hex)).toEqual([null, null]);
      expect(packets[0]!.decoded?.rows.length).toBe(report.decoded!.rows.length - 1);
      expect(packets[0]!.decoded?.rows.map((row) => row.address)).not.toContain(vendorAddress);
    }
  });

  it('refuses each search without the IoT code or the time range it needs (spec section 5)', async () => {
    const range = { startTime: hourAgo(), endTime: inAMinute() };
    const refusals: Array<[Parameters<typeof call>[1], Record<string, unknown>, string]> = [
      [listCommunicationLog, range, 'Please enter the IoT code'],
      [listCommunicationLog, { deviceCode: env.mine.deviceCode }, 'Please choose the time range'],
      [listCommunicationLog, { deviceCode: env.mine.deviceCode, startTime: hourAgo() }, 'Please choose the time range'],
      [queryCommunicationLog, {}, 'Please choose the time range'],
      [listOperationLog, {}, 'Please enter the IoT code'],
      [listOperationLog, { deviceCode: '  ' }, 'Please enter the IoT code'],
    ];
    for (const [def, body, message] of refusals) {
      const answer = await ask(def, body);
      expect(answer.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(answer.body.error_msg).toContain(message);
    }
    const tooLong = await ask(queryCommunicationLog, {
      startTime: new Date(Date.now() - 8 * 86_400_000).toISOString(),
      endTime: inAMinute(),
    });
    expect(tooLong.body.error_msg).toContain('The range is too long');
  });
});

describe('device operation log', () => {
  it('shows who set which point by name, and the outcome, by IoT code; nothing for a foreign device', async () => {
    const answer = await ask<DeviceOperation & { deviceCode: string }>(listOperationLog, {
      deviceCode: env.mine.deviceCode,
    });
    const [set] = answer.body.objectResult!.list;
    expect(set).toMatchObject({
      action: 'setValues',
      operatorName: '操作员 Wang',
      outcome: 'applied',
      deviceCode: env.mine.deviceCode,
    });
    expect(set!.points).toEqual([expect.objectContaining({ address: 3, value: 47 })]);
    expect(set!.points[0]!.name).not.toBe('');
    const foreign = await ask(listOperationLog, { deviceCode: env.foreign.deviceCode });
    expect(foreign.body.objectResult).toEqual({ list: [], totalSize: 0 });
  });
});

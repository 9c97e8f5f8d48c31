import {
  ACCOUNT_LOG_COLUMNS,
  API_LOG_COLUMNS,
  OPERATION_LOG_COLUMNS,
  listAccountLog,
  listOperationLog,
  startAccountLogExport,
  startOperationLogExport,
  type AccountLogEntry,
  type DeviceOperation,
  Button,
  DEFAULT_TIME_ZONE,
  ErrorCode,
  excelColumnWidth,
  getLogExport,
  listApiLog,
  login,
  PACKET_LOG_COLUMNS,
  startApiLogExport,
  startCommunicationLogExport,
  startCommunicationQueryExport,
  startModuleLinkLogExport,
  startReportModeLogExport,
  zonedDateTime,
  type ApiLogEntry,
  type CallDef,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../db/partition-day.ts';
import { ensureDayPartitions } from '../../ingest/index.ts';
import { commandDevice, commandWorld, type CommandWorld } from '../../../test/device-commands-setup.ts';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoReport } from '../../../test/ingest-setup.ts';
import { exportedLog } from '../../../test/log-export-file.ts';
import { setPointValues } from '../device-commands/set-values.ts';

/**
 * Export of the log searches (issue 22) through the device list's export jobs: the screen's column
 * titles (reader's language) and widths, times in the platform's zone, the screen's scope and redaction
 * (API parameters as logged, raw bytes only with B9405), each search rule refused when missing, and the
 * job's download key kept out of the API call log.
 */
type Session = { sessionid: string; dealersId: string };
const env = {} as {
  t: TestApp;
  w: CommandWorld;
  platform: Session;
  reader: Session;
  plain: Session;
  other: Session;
  mine: { deviceId: string; deviceCode: string };
  foreign: { deviceId: string; deviceCode: string };
};
const LOG_BUTTONS = [
  Button.LOG_MANAGE,
  Button.API_LOG,
  Button.COMMUNICATION_LOG,
  Button.COMMUNICATION_LOG_QUERY,
  Button.ACCOUNT_LOG,
];
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const today = () => zonedDateTime(new Date(), DEFAULT_TIME_ZONE).slice(0, 10);
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function member(dealerId: string, buttons: string[]): Promise<Session> {
  const user = await newUser(env.t.db);
  await newMember(env.t.db, dealerId, user.id, buttons);
  return { sessionid: await loginAs(env.t.app, user.phone), dealersId: dealerId };
}

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
  env.platform = await member(env.w.P, LOG_BUTTONS);
  env.reader = await member(env.w.A, [...LOG_BUTTONS, Button.DEVICE_VENDOR_PARAMS]);
  env.plain = await member(env.w.A, LOG_BUTTONS);
  env.other = await member(env.w.B, LOG_BUTTONS);
  env.mine = await commandDevice(env.w, { values: { 21: 60 } });
  env.foreign = await commandDevice(env.w, { dealerId: env.w.B });
  await setPointValues(
    env.w.service,
    env.w.scope,
    { ...env.w.actor, vendorParams: true },
    { deviceId: env.mine.deviceId, values: [{ address: 3, value: 47 }] },
    'en-US',
  );
  for (const [device, seq] of [
    [env.mine, 7],
    [env.foreign, 8],
  ] as const) {
    const at = new Date();
    await ensureDayPartitions(env.t.db, [dayOf(at)]);
    await env.t.db
      .insertInto('raw_packets')
      .values({
        day: dayOf(at),
        device_id: device.deviceId,
        at,
        seq,
        digest: seq,
        payload: demoReport(device.deviceCode, seq),
        kind: 'report',
      })
      .execute();
  }
});
afterAll(async () => env.t.close());

/** Starts the export, waits for its end and reads its one sheet: titles, widths and rows. */
const exported = (def: CallDef, body: Record<string, unknown>, as: Session, language?: string) =>
  exportedLog(env.t.app, def, body, as, language);

describe('API call log export', () => {
  it("writes the screen's entries with its titles, widths and platform-zone times, secrets as the log holds them", async () => {
    const person = await newUser(env.t.db);
    await newMember(env.t.db, env.w.A, person.id, []);
    await call(env.t.app, login, { name: person.phone, password: digest() });
    await env.t.callLog.flush();
    const search = { startDate: today(), endDate: today(), interfaceName: 'adminUser/login' };
    const file = await exported(startApiLogExport, search, env.platform, 'zh_CN');
    expect(file.fileName).toMatch(/^接口调用日志_\d{14}\.xlsx$/);
    expect(file.sheetName).toBe('接口调用日志');
    expect(file.header).toEqual([
      '操作时间',
      '操作人手机号',
      '操作人邮箱',
      '操作人 IP',
      '接口名称',
      '描述',
      '请求参数',
      '结果',
      '耗时（毫秒）',
    ]);
    expect(file.widths).toEqual(API_LOG_COLUMNS.map((column) => excelColumnWidth(column.width)));
    const screen = await call<{ list: ApiLogEntry[]; totalSize: number }>(
      env.t.app,
      listApiLog,
      { ...search, pageSize: 999 },
      env.platform,
    );
    const entries = screen.body.objectResult!.list;
    expect(file.rows.length).toBe(entries.length);
    expect(file.rows.map((row) => row[0])).toEqual(
      entries.map((entry) => zonedDateTime(entry.createTime, DEFAULT_TIME_ZONE)),
    );
    expect(file.rows.every((row) => TIME.test(String(row[0])))).toBe(true);
    const loginRow = file.rows.find((row) => String(row[6]).includes(person.phone))!;
    expect(String(loginRow[6])).toContain('******');
    expect(JSON.stringify(file.rows)).not.toContain(digest());
  });

  it('keeps to the subtree: a company exports its own calls, not those of another branch', async () => {
    const search = { startDate: today(), endDate: today(), interfaceName: 'log/communicationLogQuery' };
    await call(env.t.app, startCommunicationQueryExport, { startTime: hourAgo(), endTime: inAMinute() }, env.other);
    await call(env.t.app, startCommunicationQueryExport, { startTime: hourAgo(), endTime: inAMinute() }, env.plain);
    await env.t.callLog.flush();
    const mine = await exported(startApiLogExport, search, env.plain);
    const theirs = await exported(startApiLogExport, search, env.other);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.length).toBeGreaterThan(0);
    const phones = (rows: unknown[][]) => new Set(rows.map((row) => row[1]));
    for (const phone of phones(theirs.rows)) expect(phones(mine.rows).has(phone)).toBe(false);
  });

  it("never logs an export's download key: the progress call's job id is a secret", async () => {
    const file = await exported(startApiLogExport, { startDate: today(), endDate: today() }, env.reader);
    await env.t.callLog.flush();
    const logged = await env.t.db
      .selectFrom('api_call_log')
      .select('params')
      .where('interface_name', '=', 'log/export/progress')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.map((row) => row.params).join('\n')).not.toContain(file.jobId);
  });

  it("answers another user's job as missing", async () => {
    const started = await call<{ jobId: string }>(
      env.t.app,
      startApiLogExport,
      { startDate: today(), endDate: today() },
      env.plain,
    );
    const jobId = started.body.objectResult!.jobId;
    const asked = await call(env.t.app, getLogExport, { jobId }, env.reader);
    expect(asked.body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('communication log export', () => {
  const range = () => ({ startTime: hourAgo(), endTime: inAMinute() });

  it("writes one device's packets parsed, with the screen's titles and widths, raw bytes only with B9405", async () => {
    const file = await exported(
      startCommunicationLogExport,
      { deviceCode: env.mine.deviceCode, ...range() },
      env.reader,
    );
    expect(file.header).toEqual([
      'Time',
      'IoT code',
      'Direction',
      'Packet head',
      'Function',
      'CRC',
      'Points',
      'Refusal',
      'Packet',
    ]);
    expect(file.widths).toEqual(PACKET_LOG_COLUMNS.map((column) => excelColumnWidth(column.width)));
    expect(file.rows.map((row) => [row[1], row[2]])).toEqual([
      [env.mine.deviceCode, 'Up'],
      [env.mine.deviceCode, 'Down'],
    ]);
    expect(file.rows.every((row) => TIME.test(String(row[0])))).toBe(true);
    expect(String(file.rows[1]![8])).toMatch(/^[0-9a-f]+$/);

    const plain = await exported(
      startCommunicationLogExport,
      { deviceCode: env.mine.deviceCode, ...range() },
      env.plain,
    );
    expect(plain.rows.length).toBe(2);
    expect(plain.rows.map((row) => row[8])).toEqual([
      '(vendor parameters: not shown)',
      '(vendor parameters: not shown)',
    ]);
  });

  it('exports nothing of a device outside the subtree, and the query only the subtree', async () => {
    const foreign = await exported(
      startCommunicationLogExport,
      { deviceCode: env.foreign.deviceCode, ...range() },
      env.reader,
    );
    expect(foreign.totalRows).toBe(0);
    expect(foreign.rows).toEqual([]);
    const query = await exported(startCommunicationQueryExport, range(), env.reader, 'zh_CN');
    expect(query.header[0]).toBe('时间');
    const codes = new Set(query.rows.map((row) => row[1]));
    expect(codes.has(env.mine.deviceCode)).toBe(true);
    expect(codes.has(env.foreign.deviceCode)).toBe(false);
  });
});

describe('operation log export', () => {
  it("writes one device's entries as the screen shows them, with its titles, widths and platform-zone times", async () => {
    const file = await exported(startOperationLogExport, { deviceCode: env.mine.deviceCode }, env.reader);
    expect(file.header).toEqual(['Time', 'IoT code', 'Operation', 'Operator', 'Content', 'Result', 'Detail']);
    expect(file.widths).toEqual(OPERATION_LOG_COLUMNS.map((column) => excelColumnWidth(column.width)));
    const screen = await call<{ list: DeviceOperation[]; totalSize: number }>(
      env.t.app,
      listOperationLog,
      { deviceCode: env.mine.deviceCode, pageSize: 999 },
      env.reader,
    );
    const entries = screen.body.objectResult!.list;
    expect(entries.length).toBeGreaterThan(0);
    expect(file.rows.length).toBe(entries.length);
    expect(file.rows.map((row) => row[0])).toEqual(
      entries.map((entry) => zonedDateTime(entry.createTime, DEFAULT_TIME_ZONE)),
    );
    const set = file.rows.find((row) => row[2] === 'Set values')!;
    expect(set).toBeDefined();
    expect(set[1]).toBe(env.mine.deviceCode);
    expect(String(set[4])).toMatch(/: 47/);

    const zh = await exported(startOperationLogExport, { deviceCode: env.mine.deviceCode }, env.reader, 'zh_CN');
    expect(zh.fileName).toMatch(/^设备操作日志_\d{14}\.xlsx$/);
    expect(zh.header).toEqual(['时间', '物联网编码', '操作', '操作人', '内容', '结果', '详情']);
    expect(zh.rows.some((row) => row[2] === '设置参数')).toBe(true);
  });

  it('exports nothing of a device outside the subtree, and refuses a search without an IoT code', async () => {
    const foreign = await exported(startOperationLogExport, { deviceCode: env.foreign.deviceCode }, env.reader);
    expect(foreign.totalRows).toBe(0);
    expect(foreign.rows).toEqual([]);
    const refused = await call(env.t.app, startOperationLogExport, {}, env.reader);
    expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(refused.body.error_msg).toContain('Please enter the IoT code');
  });
});

describe('account log export', () => {
  it("writes the screen's entries of the subtree with its titles, actions by name and platform-zone times", async () => {
    const search = { startDate: today(), endDate: today() };
    const file = await exported(startAccountLogExport, search, env.plain, 'zh_CN');
    expect(file.fileName).toMatch(/^账号日志_\d{14}\.xlsx$/);
    expect(file.header).toEqual(['时间', '账号', '姓名', '操作', 'IP地址', '操作人', '详情']);
    expect(file.widths).toEqual(ACCOUNT_LOG_COLUMNS.map((column) => excelColumnWidth(column.width)));
    const screen = await call<{ list: AccountLogEntry[]; totalSize: number }>(
      env.t.app,
      listAccountLog,
      { ...search, pageSize: 999 },
      env.plain,
    );
    const entries = screen.body.objectResult!.list;
    expect(entries.length).toBeGreaterThan(0);
    expect(file.rows.map((row) => [row[0], row[1], row[3]])).toEqual(
      entries.map((entry) => [zonedDateTime(entry.createTime, DEFAULT_TIME_ZONE), entry.userName, '登录']),
    );

    const theirs = await exported(startAccountLogExport, search, env.other);
    const accounts = (rows: unknown[][]) => new Set(rows.map((row) => row[1]));
    expect(theirs.rows.length).toBeGreaterThan(0);
    for (const account of accounts(theirs.rows)) expect(accounts(file.rows).has(account)).toBe(false);
    expect(theirs.rows.every((row) => row[3] === 'Sign-in')).toBe(true);
  });

  it('refuses an end day before the start day', async () => {
    const refused = await call(
      env.t.app,
      startAccountLogExport,
      { startDate: today(), endDate: '2020-01-01' },
      env.plain,
    );
    expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(refused.body.error_msg).toContain('The end date must not be before the start date');
  });
});

describe('export search rules (spec section 5)', () => {
  const range = () => ({ startTime: hourAgo(), endTime: inAMinute() });
  it('refuses each export without the range or IoT code its search needs', async () => {
    const refusals: Array<[CallDef, Record<string, unknown>, string]> = [
      [startApiLogExport, {}, 'Please choose the date range'],
      [startApiLogExport, { startDate: today() }, 'Please choose the date range'],
      [startCommunicationLogExport, range(), 'Please enter the IoT code'],
      [startCommunicationLogExport, { deviceCode: env.mine.deviceCode }, 'Please choose the time range'],
      [startCommunicationQueryExport, {}, 'Please choose the time range'],
      [startModuleLinkLogExport, range(), 'Please enter the IoT code'],
      [startModuleLinkLogExport, { deviceCode: env.mine.deviceCode }, 'Please choose the time range'],
      [startReportModeLogExport, range(), 'Please enter the IoT code'],
      [startReportModeLogExport, { deviceCode: env.mine.deviceCode }, 'Please choose the time range'],
    ];
    for (const [def, body, message] of refusals) {
      const answer = await call(env.t.app, def, body, env.reader);
      expect(answer.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(answer.body.error_msg).toContain(message);
    }
  });
});

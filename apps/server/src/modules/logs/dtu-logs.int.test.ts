import {
  Button,
  DEFAULT_TIME_ZONE,
  ErrorCode,
  excelColumnWidth,
  listModuleLinkLog,
  listReportModeLog,
  MODULE_LINK_LOG_COLUMNS,
  REPORT_MODE_LOG_COLUMNS,
  startModuleLinkLogExport,
  startReportModeLogExport,
  updateLogRetention,
  zonedDateTime,
  type CallDef,
  type ModuleLinkEntry,
  type ReportModeEntry,
} from '@dcc/contract';
import { encodeHeartbeat } from '@dcc/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../db/partition-day.ts';
import { ensureDayPartitions } from '../../ingest/index.ts';
import { newDealerTree, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bytes, demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import { exportedLog } from '../../../test/log-export-file.ts';
import { EXPORT_BATCH_ROWS } from '../device-list/index.ts';
import { runLogRetention } from './retention.ts';

/**
 * The module communication log and the mode log (issue 22; docs/device-protocol.md section 20): each change
 * of a DTU's mainboard link its heartbeats report, and each change of the way its messages reach the cloud
 * (its own topic, or a gateway's interface), searched by IoT code and time range in the caller's subtree,
 * exported to Excel as the screen shows them, kept by day and dropped whole by the retention job.
 */
type Session = { sessionid: string; dealersId: string; language?: string };
type Device = { id: string; code: string };
const env = {} as {
  t: TestApp;
  tree: Awaited<ReturnType<typeof newDealerTree>>;
  caller: Session;
  platform: Session;
  unit: Device;
  gateway: Device;
  foreign: Device;
  base: number;
};
const LOG_BUTTONS = [Button.LOG_MANAGE, Button.COMMUNICATION_LOG];
const at = (seconds: number) => new Date(env.base + seconds * 1000);
const range = () => ({
  startTime: new Date(env.base - 60_000).toISOString(),
  endTime: new Date(Date.now() + 60_000).toISOString(),
});
const heartbeat = (code: string, seq: number, mainboardLink: boolean) =>
  bytes(encodeHeartbeat(code, { rssi: -60, mainboardLink }, { seq }));

async function member(dealerId: string, buttons: string[]): Promise<Session> {
  const user = await newUser(env.t.db);
  await newMember(env.t.db, dealerId, user.id, buttons);
  return { sessionid: await loginAs(env.t.app, user.phone), dealersId: dealerId };
}

beforeAll(async () => {
  env.t = await startTestApp();
  const tree = await newDealerTree(env.t.db);
  env.tree = tree;
  env.caller = await member(tree.A, LOG_BUTTONS);
  env.platform = await member(tree.P, [...LOG_BUTTONS, Button.SYSTEM_MANAGE]);
  env.unit = await demoDevice(env.t.db, tree.A1);
  env.gateway = await demoDevice(env.t.db, tree.A1);
  env.foreign = await demoDevice(env.t.db, tree.B);
  env.base = Date.now() - 30 * 60_000;
  const { pipeline, store } = testPipeline(env.t.db);
  // The link: up, up again (no change), down, up; the foreign unit's too.
  for (const [k, link] of [true, true, false, true].entries()) {
    await store(env.unit.code, heartbeat(env.unit.code, 10 + k, link), at(k));
    await store(env.foreign.code, heartbeat(env.foreign.code, 10 + k, link), at(k));
  }
  // The mode: on its own topic twice, then through the gateway's interface, then on its own topic again.
  await store(env.unit.code, demoReport(env.unit.code, 20), at(10));
  await store(env.unit.code, demoReport(env.unit.code, 21), at(11));
  await env.t.db
    .insertInto('device_topology')
    .values({ gateway_device_id: env.gateway.id, child_device_id: env.unit.id })
    .execute();
  await store(env.gateway.code, demoReport(env.unit.code, 22), at(12));
  await store(env.gateway.code, demoReport(env.unit.code, 23), at(13));
  await store(env.unit.code, demoReport(env.unit.code, 24), at(14));
  await store(env.foreign.code, demoReport(env.foreign.code, 20), at(10));
  await pipeline.close();
});
afterAll(async () => env.t.close());

async function search<Row>(def: CallDef, body: Record<string, unknown>, as = env.caller) {
  const answer = await call<{ list: Row[]; totalSize: number }>(env.t.app, def, { pageSize: 50, ...body }, as);
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult!;
}

describe('module communication log', () => {
  it("lists each change of a unit's DTU-mainboard link with its time, newest first", async () => {
    const found = await search<ModuleLinkEntry>(listModuleLinkLog, { deviceCode: env.unit.code, ...range() });
    expect(found.list).toEqual([
      { deviceCode: env.unit.code, time: at(3).toISOString(), link: 'up' },
      { deviceCode: env.unit.code, time: at(2).toISOString(), link: 'down' },
      { deviceCode: env.unit.code, time: at(0).toISOString(), link: 'up' },
    ]);
    expect(found.totalSize).toBe(3);
    const later = await search<ModuleLinkEntry>(listModuleLinkLog, {
      deviceCode: env.unit.code,
      startTime: at(1).toISOString(),
      endTime: at(2).toISOString(),
    });
    // Then the state the range began in: the last change before it.
    expect(later.list).toEqual([
      { deviceCode: env.unit.code, time: at(2).toISOString(), link: 'down' },
      { deviceCode: env.unit.code, time: at(0).toISOString(), link: 'up', beforeRange: true },
    ]);
    expect(later.totalSize).toBe(2);
  });
});

describe('mode log', () => {
  it('lists each change between topic report and interface report with the topic, newest first', async () => {
    const found = await search<ReportModeEntry>(listReportModeLog, { deviceCode: env.unit.code, ...range() });
    expect(found.list).toEqual([
      { deviceCode: env.unit.code, time: at(14).toISOString(), mode: 'topic', topic: `dev/${env.unit.code}/up` },
      {
        deviceCode: env.unit.code,
        time: at(12).toISOString(),
        mode: 'interface',
        topic: `dev/${env.gateway.code}/up`,
      },
      // Its first heartbeat was its first message: on its own topic.
      { deviceCode: env.unit.code, time: at(0).toISOString(), mode: 'topic', topic: `dev/${env.unit.code}/up` },
    ]);
  });

  it('shows a unit that changed nothing within the range in the mode it began in, as the last row of the last page', async () => {
    const since = { deviceCode: env.unit.code, startTime: at(20).toISOString(), endTime: range().endTime };
    const found = await search<ReportModeEntry>(listReportModeLog, since);
    const topic = { deviceCode: env.unit.code, mode: 'topic', topic: `dev/${env.unit.code}/up` };
    expect(found).toEqual({ totalSize: 1, list: [{ ...topic, time: at(14).toISOString(), beforeRange: true }] });
    const paged = { deviceCode: env.unit.code, startTime: at(11).toISOString(), endTime: range().endTime, pageSize: 1 };
    const first = await search<ReportModeEntry>(listReportModeLog, { ...paged, pageIndex: 1 });
    const second = await search<ReportModeEntry>(listReportModeLog, { ...paged, pageIndex: 2 });
    const third = await search<ReportModeEntry>(listReportModeLog, { ...paged, pageIndex: 3 });
    expect([first.totalSize, second.totalSize, third.totalSize]).toEqual([3, 3, 3]);
    expect([...first.list, ...second.list, ...third.list].map((entry) => [entry.time, entry.beforeRange])).toEqual([
      [at(14).toISOString(), undefined],
      [at(12).toISOString(), undefined],
      [at(0).toISOString(), true],
    ]);
  });
});

/** A time as the export writes it: in the platform's zone. */
const zoned = (seconds: number) => zonedDateTime(at(seconds), DEFAULT_TIME_ZONE);

describe('DTU log exports', () => {
  it("write the module communication log's rows with the screen's titles, widths and platform-zone times, the state the range began in marked", async () => {
    const asked = { deviceCode: env.unit.code, startTime: at(1).toISOString(), endTime: at(2).toISOString() };
    const screen = await search<ModuleLinkEntry>(listModuleLinkLog, asked);
    const file = await exportedLog(env.t.app, startModuleLinkLogExport, asked, env.caller);
    expect(file.header).toEqual(['Time', 'IoT code', 'DTU-mainboard link']);
    expect(file.widths).toEqual(MODULE_LINK_LOG_COLUMNS.map((column) => excelColumnWidth(column.width)));
    expect(file.rows).toEqual([
      [zoned(2), env.unit.code, 'Down'],
      [`${zoned(0)} (State when the range began)`, env.unit.code, 'Up'],
    ]);
    expect(file.totalRows).toBe(screen.totalSize);

    const zh = await exportedLog(env.t.app, startModuleLinkLogExport, asked, env.caller, 'zh_CN');
    expect(zh.fileName).toMatch(/^模块通讯日志_\d{14}\.xlsx$/);
    expect(zh.sheetName).toBe('模块通讯日志');
    expect(zh.header).toEqual(['时间', '物联网编码', 'DTU与主板通讯']);
    expect(zh.rows).toEqual([
      [zoned(2), env.unit.code, '已断开'],
      [`${zoned(0)}（范围开始时的状态）`, env.unit.code, '已连接'],
    ]);
  });

  it("write the mode log's rows with the screen's titles and topics, and a range without changes as the state it began in", async () => {
    const file = await exportedLog(
      env.t.app,
      startReportModeLogExport,
      { deviceCode: env.unit.code, ...range() },
      env.caller,
    );
    expect(file.header).toEqual(['Time', 'IoT code', 'Report mode', 'Topic']);
    expect(file.widths).toEqual(REPORT_MODE_LOG_COLUMNS.map((column) => excelColumnWidth(column.width)));
    expect(file.rows).toEqual([
      [zoned(14), env.unit.code, 'Topic report', `dev/${env.unit.code}/up`],
      [zoned(12), env.unit.code, 'Interface report', `dev/${env.gateway.code}/up`],
      [zoned(0), env.unit.code, 'Topic report', `dev/${env.unit.code}/up`],
    ]);

    const since = { deviceCode: env.unit.code, startTime: at(20).toISOString(), endTime: range().endTime };
    const zh = await exportedLog(env.t.app, startReportModeLogExport, since, env.caller, 'zh_CN');
    expect(zh.fileName).toMatch(/^模式日志_\d{14}\.xlsx$/);
    expect(zh.header).toEqual(['时间', '物联网编码', '上报模式', '主题']);
    expect(zh.rows).toEqual([
      [`${zoned(14)}（范围开始时的状态）`, env.unit.code, '主题上报', `dev/${env.unit.code}/up`],
    ]);
  });

  it("export nothing of a device outside the caller's subtree", async () => {
    for (const def of [startModuleLinkLogExport, startReportModeLogExport]) {
      const foreign = await exportedLog(env.t.app, def, { deviceCode: env.foreign.code, ...range() }, env.caller);
      expect(foreign.totalRows).toBe(0);
      expect(foreign.rows).toEqual([]);
      const theirs = await exportedLog(env.t.app, def, { deviceCode: env.foreign.code, ...range() }, env.platform);
      expect(theirs.rows.length).toBeGreaterThan(0);
    }
  });

  it('write every change of a range longer than a batch, the state the range began in last', async () => {
    const device = await demoDevice(env.t.db, env.tree.A1);
    const start = Date.now() - 20 * 60_000;
    const changes = [start - 60_000, ...Array.from({ length: EXPORT_BATCH_ROWS }, (_, k) => start + k * 100)];
    const rows = changes.map((ms, k) => ({
      day: dayOf(new Date(ms)),
      device_id: device.id,
      at: new Date(ms),
      link: k % 2 === 0,
    }));
    await ensureDayPartitions(env.t.db, new Set(rows.map((row) => row.day)), ['module_link_log']);
    await env.t.db.insertInto('module_link_log').values(rows).execute();
    const asked = { deviceCode: device.code, startTime: new Date(start).toISOString(), endTime: range().endTime };
    const file = await exportedLog(env.t.app, startModuleLinkLogExport, asked, env.caller);
    expect(file.totalRows).toBe(EXPORT_BATCH_ROWS + 1);
    expect(file.rows.map((row) => row[0])).toEqual([
      ...changes
        .slice(1)
        .reverse()
        .map((ms) => zonedDateTime(new Date(ms), DEFAULT_TIME_ZONE)),
      `${zonedDateTime(new Date(changes[0]!), DEFAULT_TIME_ZONE)} (State when the range began)`,
    ]);
  });
});

describe('DTU log searches', () => {
  it("find nothing of a device outside the caller's subtree", async () => {
    for (const def of [listModuleLinkLog, listReportModeLog]) {
      const found = await search(def, { deviceCode: env.foreign.code, ...range() });
      expect(found).toEqual({ list: [], totalSize: 0 });
      const theirs = await search(def, { deviceCode: env.foreign.code, ...range() }, env.platform);
      expect(theirs.totalSize).toBeGreaterThan(0);
    }
  });

  it('refuse a search without its IoT code or time range (spec section 5)', async () => {
    for (const def of [listModuleLinkLog, listReportModeLog]) {
      for (const [body, message] of [
        [range(), 'Please enter the IoT code'],
        [{ deviceCode: env.unit.code }, 'Please choose the time range'],
      ] as const) {
        const answer = await call(env.t.app, def, body, { ...env.caller, language: 'en_US' });
        expect(answer.body.error_code).toBe(ErrorCode.BAD_REQUEST);
        expect(answer.body.error_msg).toContain(message);
      }
    }
  });

  it('are kept by day: the retention job drops whole days older than each one own setting', async () => {
    const old = dayOf(new Date(Date.now() - 40 * 86_400_000));
    await ensureDayPartitions(env.t.db, [old], ['module_link_log', 'report_mode_log']);
    const set = await call(env.t.app, updateLogRetention, { kind: 'moduleLink', days: 30 }, env.platform);
    expect(set.body.error_code).toBe(0);
    try {
      const dropped = await runLogRetention(env.t.db);
      const suffix = old.replaceAll('-', '');
      expect(dropped).toContain(`module_link_log_${suffix}`);
      expect(dropped).not.toContain(`report_mode_log_${suffix}`);
      const kept = await search<ModuleLinkEntry>(listModuleLinkLog, { deviceCode: env.unit.code, ...range() });
      expect(kept.totalSize).toBe(3);
    } finally {
      await call(env.t.app, updateLogRetention, { kind: 'moduleLink', days: 180 }, env.platform);
    }
  });
});

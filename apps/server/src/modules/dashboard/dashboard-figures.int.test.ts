import {
  Button,
  ErrorCode,
  getAddDeviceByDay,
  getDealersStats,
  getDeviceAuditNum,
  getDeviceRatio,
  getOnlineDeviceNumber,
  zonedDay,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { devicePresence } from '../../ingest/presence/presence.ts';
import { localDeviceEvents } from '../../events/device-events.ts';
import { secretBox } from '../devices/secret-box.ts';
import { newDealer, newDevice, newProduct } from '../../../test/factories.ts';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { caller, type ProjectCaller } from '../../../test/projects-setup.ts';
import { rollUpDailyStats } from './daily-job.ts';

/**
 * Every device figure of the dashboard over a known fleet, for the operator of a level-0 company P and for a
 * member of its level-2 dealer A1 (P -> A -> A1, and B beside A). Past days come from the job's roll-up, run at
 * chosen instants of three Beijing days (2025-06-01 to 03); today is read live.
 */
const ZONE = 'Asia/Shanghai';
const box = secretBox(loadConfig({}).deviceSecretKey);
const dashboardButtons = [Button.HOME, Button.HOME_KEY_DEVICES, Button.HOME_KEY_PROJECTS];

const w = {} as {
  t: TestApp;
  P: string;
  A: string;
  A1: string;
  B: string;
  X: string;
  Y: string;
  operator: ProjectCaller;
  branch: ProjectCaller;
  homeless: ProjectCaller;
  devices: Record<string, string>;
};

const beijing = (wall: string) => new Date(`${wall}+08:00`);

async function device(name: string, dealerId: string, productId: string, created: string) {
  const id = await newDevice(w.t.db, dealerId, box, productId);
  await w.t.db
    .updateTable('devices')
    .set({ created_at: beijing(created) })
    .where('id', '=', id)
    .execute();
  w.devices[name] = id;
}
/** Activated then connected (ONLINE), as activation and presence write it. */
const online = (name: string, activated: string) =>
  w.t.db
    .updateTable('devices')
    .set({ activated_at: beijing(activated), connected: true, status: 'ONLINE' })
    .where('id', '=', w.devices[name]!)
    .execute();
const offline = (name: string) =>
  w.t.db
    .updateTable('devices')
    .set({ connected: false, status: 'OFFLINE' })
    .where('id', '=', w.devices[name]!)
    .execute();

beforeAll(async () => {
  w.t = await startTestApp();
  const db = w.t.db;
  w.P = await newDealer(db, { level: 0 });
  w.A = await newDealer(db, { parentId: w.P, level: 1 });
  w.A1 = await newDealer(db, { parentId: w.A, level: 2 });
  w.B = await newDealer(db, { parentId: w.P, level: 1 });
  w.X = await newProduct(db);
  w.Y = await newProduct(db);
  w.operator = await caller(w.t, w.P, dashboardButtons);
  w.branch = await caller(w.t, w.A1, dashboardButtons);
  w.homeless = await caller(w.t, w.A1, [Button.DEVICES]);
  w.devices = {};

  // 2025-06-01: p1 (P, X) added and activated, a1 (A1, Y) added.
  await device('p1', w.P, w.X, '2025-06-01T10:00:00');
  await device('a1', w.A1, w.Y, '2025-06-01T11:00:00');
  await online('p1', '2025-06-01T12:00:00');
  await rollUpDailyStats(db, ZONE, beijing('2025-06-01T22:00:00'));
  // 2025-06-02: p2 (P, X), a2 (A1, X) and b1 (B, X) added, a2 activated; p1 drops.
  await device('p2', w.P, w.X, '2025-06-02T09:00:00');
  await device('a2', w.A1, w.X, '2025-06-02T09:30:00');
  await device('b1', w.B, w.X, '2025-06-02T23:59:00');
  await online('a2', '2025-06-02T10:00:00');
  await offline('p1');
  await rollUpDailyStats(db, ZONE, beijing('2025-06-02T23:00:00'));
  // Just after midnight: 2025-06-02 is completed from the rows (b1 came after the last snapshot).
  await rollUpDailyStats(db, ZONE, beijing('2025-06-03T00:30:00'));
});
afterAll(async () => w.t.close());

const range = { startTime: '2025-06-01', endTime: '2025-06-03' };

describe('dashboard device figures', () => {
  it('answers total and online devices of the subtree, moving live with presence', async () => {
    expect((await w.operator.api(getDealersStats, {})).objectResult).toEqual({ total: 5, onlineAmount: 1 });
    expect((await w.branch.api(getDealersStats, {})).objectResult).toEqual({ total: 2, onlineAmount: 1 });
    const code = (
      await w.t.db.selectFrom('devices').select('device_code').where('id', '=', w.devices.p2!).executeTakeFirstOrThrow()
    ).device_code;
    await w.t.db.updateTable('devices').set({ activated_at: new Date() }).where('id', '=', w.devices.p2!).execute();
    const presence = devicePresence(w.t.db, localDeviceEvents());
    await presence.online(code, 'c1');
    expect((await w.operator.api(getDealersStats, {})).objectResult).toEqual({ total: 5, onlineAmount: 2 });
    expect((await w.branch.api(getDealersStats, {})).objectResult).toEqual({ total: 2, onlineAmount: 1 });
    await presence.offline(code, 'c1', 1910);
    expect((await w.operator.api(getDealersStats, {})).objectResult).toEqual({ total: 5, onlineAmount: 1 });
  });

  it('answers devices added per Beijing day and the total at its end, from the roll-up', async () => {
    expect((await w.operator.api(getAddDeviceByDay, range)).objectResult).toEqual([
      { analysisTime: '2025-06-01', count: 2, accumulate: 2 },
      { analysisTime: '2025-06-02', count: 3, accumulate: 5 },
      { analysisTime: '2025-06-03', count: 0, accumulate: 5 },
    ]);
    expect((await w.branch.api(getAddDeviceByDay, range)).objectResult).toEqual([
      { analysisTime: '2025-06-01', count: 1, accumulate: 1 },
      { analysisTime: '2025-06-02', count: 1, accumulate: 2 },
      { analysisTime: '2025-06-03', count: 0, accumulate: 2 },
    ]);
  });

  it('answers online devices at the end of each day: the last snapshot of past days, the live count today', async () => {
    expect((await w.operator.api(getOnlineDeviceNumber, range)).objectResult).toEqual([
      { analysisTime: '2025-06-01', count: 1 },
      { analysisTime: '2025-06-02', count: 1 },
      { analysisTime: '2025-06-03', count: 1 },
    ]);
    expect((await w.branch.api(getOnlineDeviceNumber, { ...range, pageSize: 2 })).objectResult).toEqual([
      { analysisTime: '2025-06-02', count: 1 },
      { analysisTime: '2025-06-03', count: 1 },
    ]);
    expect(
      (await w.operator.api(getOnlineDeviceNumber, { startTime: '2025-05-20', endTime: '2025-06-03', type: 'month' }))
        .objectResult,
    ).toEqual([
      { analysisTime: '2025-05', count: 0 },
      { analysisTime: '2025-06', count: 1 },
    ]);
    const today = zonedDay(new Date(), ZONE);
    const live = await w.operator.api(getOnlineDeviceNumber, { startTime: today, endTime: today });
    expect(live.objectResult).toEqual([{ analysisTime: today, count: 1 }]);
    await online('b1', '2025-06-02T23:59:30');
    expect((await w.operator.api(getOnlineDeviceNumber, { startTime: today, endTime: today })).objectResult).toEqual([
      { analysisTime: today, count: 2 },
    ]);
    expect((await w.branch.api(getOnlineDeviceNumber, { startTime: today, endTime: today })).objectResult).toEqual([
      { analysisTime: today, count: 1 },
    ]);
    await offline('b1');
  });

  it('answers activated devices per day and month, and devices added today counted on read', async () => {
    expect((await w.operator.api(getDeviceAuditNum, range)).objectResult).toEqual([
      { time: '2025-06-01', num: 1 },
      { time: '2025-06-02', num: 1 },
      { time: '2025-06-03', num: 0 },
    ]);
    expect((await w.branch.api(getDeviceAuditNum, { ...range, timeType: 'month' })).objectResult).toEqual([
      { time: '2025-06', num: 1 },
    ]);
    const today = zonedDay(new Date(), ZONE);
    const before = (
      await w.branch.api<Array<{ count: number; accumulate: number }>>(getAddDeviceByDay, {
        startTime: today,
        endTime: today,
      })
    ).objectResult![0]!;
    await newDevice(w.t.db, w.A1, box, w.Y);
    expect((await w.branch.api(getAddDeviceByDay, { startTime: today, endTime: today })).objectResult).toEqual([
      { analysisTime: today, count: before.count + 1, accumulate: before.accumulate + 1 },
    ]);
    expect((await w.branch.api(getDeviceAuditNum, { startTime: today, endTime: today })).objectResult).toEqual([
      { time: today, num: 0 },
    ]);
  });

  it("answers the subtree's devices per product, largest first", async () => {
    const names = await w.t.db.selectFrom('products').select(['id', 'name', 'en_name']).execute();
    const named = (id: string) => {
      const row = names.find((p) => p.id === id)!;
      return { productName: row.name, productEnName: row.en_name };
    };
    const operator = (await w.operator.api(getDeviceRatio, {})).objectResult;
    expect(operator).toEqual([
      { ...named(w.X), count: 4 },
      { ...named(w.Y), count: 2 },
    ]);
    expect((await w.branch.api(getDeviceRatio, {})).objectResult).toEqual([
      { ...named(w.Y), count: 2 },
      { ...named(w.X), count: 1 },
    ]);
  });

  it('refuses a caller without the home button, and bad ranges in the caller language', async () => {
    expect((await w.homeless.api(getDealersStats, {})).error_code).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await w.homeless.api(getDeviceRatio, {})).error_code).toBe(ErrorCode.PERMISSION_DENIED);
    const backwards = await w.branch.api(getAddDeviceByDay, { startTime: '2025-06-03', endTime: '2025-06-01' });
    expect(backwards.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(backwards.error_msg).toContain('Please choose a valid time range');
    const zh = await w.branch.api(getOnlineDeviceNumber, { ...range, type: 'week' }, 'zh_CN');
    expect(zh.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(zh.error_msg).toMatch(/[\u4e00-\u9fff]/);
    // The branch's member acting for the level-0 company it is not a member of.
    const above = await call(w.t.app, getDealersStats, {}, { sessionid: w.branch.as.sessionid, dealersId: w.P });
    expect(above.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});

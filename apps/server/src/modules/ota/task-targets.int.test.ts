import { ota2CancelTask, ota2CreateTask, ota2ListDevices, type OtaDevice, type OtaTask } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bulkOtaDevices, newFirmware, otaWorld, type Caller, type OtaWorld } from '../../../test/ota-setup.ts';

/**
 * Choosing a task's devices beyond a first page (issue 23): the area's device list pages and searches through
 * every device of the subtree, and a task by filter takes all the matching devices, server-side.
 */
const MINE = 250;
const THEIRS = 5;
let t: TestApp;
let world: OtaWorld;
const prefix = `PICK${Date.now() % 100_000}`;

beforeAll(async () => {
  t = await startTestApp();
  world = await otaWorld(t);
  const product = { productId: world.productId };
  await bulkOtaDevices(t, { ...product, dealerId: world.A1, prefix: `${prefix}-a`, count: MINE });
  await bulkOtaDevices(t, { ...product, dealerId: world.B, prefix: `${prefix}-b`, count: THEIRS });
});
afterAll(async () => t?.close());

/** Every device of the search, page by page. */
async function allPages(caller: Caller, deviceCode: string): Promise<{ codes: string[]; totals: number[] }> {
  const codes: string[] = [];
  const totals: number[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await call<{ list: OtaDevice[]; totalSize: number }>(
      t.app,
      ota2ListDevices,
      { deviceCode, productId: world.productId, pageIndex, pageSize: 100 },
      caller,
    );
    const { list, totalSize } = page.body.objectResult!;
    totals.push(totalSize);
    codes.push(...list.map((d) => d.deviceCode));
    if (list.length < 100) return { codes, totals };
  }
}

describe('choosing the devices of a task beyond the first page', () => {
  it("pages and searches through every device of the caller's subtree, none of another branch", async () => {
    const mine = await allPages(world.callerA, prefix);
    expect(new Set(mine.codes).size).toBe(MINE);
    expect(mine.totals).toEqual([MINE, MINE, MINE]);
    expect(mine.codes.every((code) => code.startsWith(`${prefix}-a-`))).toBe(true);
    // A search narrows it: codes 240-249.
    expect((await allPages(world.callerA, `${prefix}-a-024`)).codes.sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `${prefix}-a-024${k}`),
    );
    expect((await allPages(world.callerB, prefix)).codes).toHaveLength(THEIRS);
  });

  it('creates a task by filter with every matching device of the subtree, and one with all of them chosen', async () => {
    const fw = await newFirmware(t, world, { version: '1.1.0' });
    const byFilter = await call<OtaTask>(
      t.app,
      ota2CreateTask,
      { firmwareId: fw.firmwareId, filter: { deviceCode: prefix, softwareVersion: '1.0.0' } },
      world.callerA,
    );
    expect(byFilter.body).toMatchObject({ error_code: 0, objectResult: { counts: { total: MINE } } });
    const inTask = await t.db
      .selectFrom('ota_task_devices as td')
      .innerJoin('devices as dv', 'dv.id', 'td.device_id')
      .select('dv.device_code')
      .where('td.task_id', '=', byFilter.body.objectResult!.taskId)
      .execute();
    expect(inTask.every((row) => row.device_code.startsWith(`${prefix}-a-`))).toBe(true);
    // Once it is cancelled, the same devices chosen one by one (more than a page of the picker) make a task.
    const cancelled = await call(t.app, ota2CancelTask, { taskId: byFilter.body.objectResult!.taskId }, world.callerA);
    expect(cancelled.body.error_code).toBe(0);
    const ids = await t.db.selectFrom('devices').select('id').where('device_code', 'like', `${prefix}-a-%`).execute();
    const chosen = await call(
      t.app,
      ota2CreateTask,
      { firmwareId: fw.firmwareId, deviceIds: ids.map((r) => r.id) },
      world.callerA,
    );
    expect(chosen.body).toMatchObject({ error_code: 0, objectResult: { counts: { total: MINE } } });
  });
});

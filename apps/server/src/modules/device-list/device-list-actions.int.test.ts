import * as XLSX from '@e965/xlsx';
import {
  DEVICE_LIST_COLUMNS,
  excelColumnWidth,
  Button,
  countDevices,
  deleteDevices,
  ErrorCode,
  followDevices,
  getDeviceExport,
  listDevices,
  listFavouriteDevices,
  lockDevices,
  startDeviceExport,
  unfollowDevices,
  unlockDevices,
  type Device,
} from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealerTree, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type CallResult, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/until.ts';
import { EXACT_COUNT_UP_TO } from '../../db/page.ts';
import { secretBox } from '../devices/secret-box.ts';

/** P (level 0) -> A -> A1, and B beside A; the caller is a member of A; another member of A has favourites of their own. */
const env = {} as {
  t: TestApp;
  A: string;
  A1: string;
  B: string;
  productId: string;
  caller: { sessionid: string; dealersId: string };
  other: { sessionid: string; dealersId: string };
};
const box = secretBox(loadConfig({}).deviceSecretKey);
const buttons = [Button.DEVICES, Button.COLLECTIONS, Button.DEVICE_ACTIVATE];

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  Object.assign(env, await newDealerTree(db));
  env.productId = await newProduct(db);
  const [caller, other] = [await newUser(db), await newUser(db)];
  await newMember(db, env.A, caller.id, buttons);
  await newMember(db, env.A, other.id, buttons);
  env.caller = { sessionid: await loginAs(env.t.app, caller.phone), dealersId: env.A };
  env.other = { sessionid: await loginAs(env.t.app, other.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

const device = (dealer: string) => newDevice(env.t.db, dealer, box, env.productId);
const existing = async (ids: string[]) =>
  (await env.t.db.selectFrom('devices').select('id').where('id', 'in', ids).execute()).length;

describe('device count and the counted horizon of the list', () => {
  type ListAnswer = { list: Device[]; totalSize: number; totalExact: boolean };
  type CountAnswer = { totalSize: number; totalExact: boolean };
  const filterOf = (productId: string) => ({
    combinator: 'and',
    conditions: [{ field: 'productId', symbol: '=', value: productId }],
  });

  it('counts exactly, bounded or not, and the list counts ten pages ahead only', async () => {
    for (let k = 0; k < 14; k++) await device(k % 2 ? env.A : env.A1);
    await device(env.B);
    const filter = filterOf(env.productId);
    const counted = await call<CountAnswer>(env.t.app, countDevices, { filter }, env.caller);
    expect(counted.body.objectResult).toEqual({ totalSize: 14, totalExact: true });
    const bounded = await call<CountAnswer>(env.t.app, countDevices, { filter, upTo: true }, env.caller);
    expect(bounded.body.objectResult).toEqual({ totalSize: 14, totalExact: true });
    const first = await call<ListAnswer>(env.t.app, listDevices, { filter, pageSize: 1 }, env.caller);
    expect(first.body.objectResult).toMatchObject({ totalSize: 11, totalExact: false });
    const late = await call<ListAnswer>(env.t.app, listDevices, { filter, pageSize: 1, pageIndex: 4 }, env.caller);
    expect(late.body.objectResult).toMatchObject({ totalSize: 14, totalExact: true });
    await env.t.db.deleteFrom('devices').where('product_id', '=', env.productId).execute();
  });

  it(`a bounded count answers "more than ${EXACT_COUNT_UP_TO}" only past that many matches`, async () => {
    const productId = await newProduct(env.t.db);
    await sql`
      insert into devices (device_code, device_name, product_id, dealer_id, secret_box)
      select 'MANY-' || g, 'Device ' || g, ${productId}::bigint, ${env.A}::bigint, '\\x00'::bytea
      from generate_series(1, ${EXACT_COUNT_UP_TO}) g`.execute(env.t.db);
    const filter = filterOf(productId);
    const upTo = () => call<CountAnswer>(env.t.app, countDevices, { filter, upTo: true }, env.caller);
    expect((await upTo()).body.objectResult).toEqual({ totalSize: EXACT_COUNT_UP_TO, totalExact: true });
    await device(env.A1).then((id) =>
      env.t.db.updateTable('devices').set({ product_id: productId }).where('id', '=', id).execute(),
    );
    expect((await upTo()).body.objectResult).toEqual({ totalSize: EXACT_COUNT_UP_TO, totalExact: false });
    const exact = await call<CountAnswer>(env.t.app, countDevices, { filter }, env.caller);
    expect(exact.body.objectResult).toEqual({ totalSize: EXACT_COUNT_UP_TO + 1, totalExact: true });
    const refused = await call(env.t.app, countDevices, { filter, upTo: 'yes' }, env.caller);
    expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    await env.t.db.deleteFrom('devices').where('product_id', '=', productId).execute();
  }, 120_000);
});

describe('favourites', () => {
  it("follows devices of the subtree, lists the caller's own, unfollows; a foreign or missing id changes nothing", async () => {
    const [a, a1, b] = [await device(env.A), await device(env.A1), await device(env.B)];
    expect((await call(env.t.app, followDevices, { deviceIds: [a, a1] }, env.caller)).body.objectResult).toEqual({
      followed: 2,
    });
    expect((await call(env.t.app, followDevices, { deviceIds: [a] }, env.caller)).body.objectResult).toEqual({
      followed: 1,
    });
    for (const foreign of [b, '999999999']) {
      expect((await call(env.t.app, followDevices, { deviceIds: [a1, foreign] }, env.other)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
    const mine = await call<{ list: Device[]; totalSize: number }>(env.t.app, listFavouriteDevices, {}, env.caller);
    expect(mine.body.objectResult!.list.map((d) => d.deviceId).sort()).toEqual([a, a1].sort());
    const listed = await call<{ list: (Device & { followed: boolean })[] }>(
      env.t.app,
      listDevices,
      { pageSize: 999 },
      env.caller,
    );
    expect(
      listed.body
        .objectResult!.list.filter((d) => d.followed)
        .map((d) => d.deviceId)
        .sort(),
    ).toEqual([a, a1].sort());
    const listedByOther = await call<{ list: (Device & { followed: boolean })[] }>(
      env.t.app,
      listDevices,
      { pageSize: 999 },
      env.other,
    );
    expect(listedByOther.body.objectResult!.list.some((d) => d.followed)).toBe(false);
    const theirs = await call<{ list: Device[]; totalSize: number }>(env.t.app, listFavouriteDevices, {}, env.other);
    expect(theirs.body.objectResult).toEqual({ list: [], totalSize: 0 });
    expect((await call(env.t.app, unfollowDevices, { deviceIds: [a] }, env.caller)).body.objectResult).toEqual({
      unfollowed: 1,
    });
    expect((await call(env.t.app, unfollowDevices, { deviceIds: [b] }, env.caller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const after = await call<{ list: Device[]; totalSize: number }>(env.t.app, listFavouriteDevices, {}, env.caller);
    expect(after.body.objectResult!.list.map((d) => d.deviceId)).toEqual([a1]);
  });
});

describe('batch delete and lock', () => {
  it('deletes all of the selection or, with a foreign or missing id, none', async () => {
    const [a, a1, b] = [await device(env.A), await device(env.A1), await device(env.B)];
    expect((await call(env.t.app, deleteDevices, { deviceIds: [a, b] }, env.caller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await call(env.t.app, deleteDevices, { deviceIds: [a, '999999999'] }, env.caller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(await existing([a, a1, b])).toBe(3);
    expect((await call(env.t.app, deleteDevices, { deviceIds: [a, a1] }, env.caller)).body.objectResult).toEqual({
      deleted: 2,
    });
    expect(await existing([a, a1, b])).toBe(1);
    expect((await call(env.t.app, deleteDevices, { deviceIds: [b, b] }, env.caller)).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it("answers each device's outcome of a batch lock (never connected: rejected as offline), in the caller's language; a foreign id sends nothing", async () => {
    const [a, a1, b] = [await device(env.A), await device(env.A1), await device(env.B)];
    const locked = await call<{ results: unknown[] }>(env.t.app, lockDevices, { deviceIds: [a, a1] }, env.caller);
    expect(locked.body.objectResult!.results).toEqual([
      { deviceId: a, outcome: 'rejected', message: expect.stringMatching(/offline/i) as unknown },
      { deviceId: a1, outcome: 'rejected', message: expect.stringMatching(/offline/i) as unknown },
    ]);
    const chinese = await call<{ results: { message: string }[] }>(
      env.t.app,
      unlockDevices,
      { deviceIds: [a] },
      { ...env.caller, language: 'zh_CN' },
    );
    expect(chinese.body.objectResult!.results[0]!.message).toMatch(/离线/);
    const operations = () =>
      env.t.db.selectFrom('device_operations').select('id').where('device_id', 'in', [a, a1, b]).execute();
    const logged = (await operations()).length;
    expect((await call(env.t.app, lockDevices, { deviceIds: [a, b] }, env.caller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await operations()).length).toBe(logged);
  });
});

describe('export', () => {
  type ExportProgress = {
    state: string;
    writtenRows: number;
    totalRows: number;
    filePath: string | null;
    fileName: string;
  };
  const waitDone = async (jobId: string, who = env.caller) => {
    let progress: CallResult<ExportProgress>['body'] | undefined;
    await waitFor(
      'the export to end',
      async () => {
        progress = (await call<ExportProgress>(env.t.app, getDeviceExport, { jobId }, who)).body;
        return progress.objectResult?.state !== 'running';
      },
      10_000,
    );
    return progress!;
  };

  it("writes the current filter's devices of the subtree with the list's columns in the caller's language, downloaded once", async () => {
    const product = await newProduct(env.t.db);
    const mine = [];
    for (let k = 0; k < 7; k++) mine.push(await newDevice(env.t.db, k % 2 ? env.A : env.A1, box, product));
    await newDevice(env.t.db, env.B, box, product);
    await env.t.db
      .updateTable('devices')
      .set({ status: 'ONLINE', device_name: '热泵 <1号> & "A"\u0001' })
      .where('id', '=', mine[0]!)
      .execute();
    const filter = { combinator: 'and', conditions: [{ field: 'productId', symbol: '=', value: product }] };
    const started = await call<{ jobId: string; totalRows: number }>(
      env.t.app,
      startDeviceExport,
      { filter, sortOrder: 'ascend' },
      { ...env.caller, language: 'zh_CN' },
    );
    expect(started.body.objectResult!.totalRows).toBe(7);
    const jobId = started.body.objectResult!.jobId;
    expect((await call(env.t.app, getDeviceExport, { jobId }, env.other)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    const done = await waitDone(jobId);
    expect(done.objectResult).toMatchObject({
      state: 'done',
      writtenRows: 7,
      totalRows: 7,
      fileName: expect.stringMatching(/^设备列表_\d{14}\.xlsx$/) as unknown,
    });

    const file = await env.t.app.inject({ method: 'GET', url: done.objectResult!.filePath! });
    expect(file.statusCode).toBe(200);
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer', cellStyles: true }).Sheets['设备']!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' });
    // The screen's column titles and widths.
    expect(rows[0]).toEqual([
      '物联网编码',
      '设备名称',
      '产品',
      '系列',
      '整机条码',
      '型号',
      '项目',
      '经销商',
      '状态',
      '离线原因',
      '故障',
      '信号',
      '最后在线时间',
      '创建时间',
    ]);
    expect(sheet['!cols']?.map((column) => column.width)).toEqual(
      DEVICE_LIST_COLUMNS.map((column) => excelColumnWidth(column.width)),
    );
    const codes = await env.t.db
      .selectFrom('devices')
      .select(['id', 'device_code'])
      .where('id', 'in', mine)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.slice(1).map((row) => row[0])).toEqual(codes.map((row) => row.device_code));
    expect(rows[1]![1]).toBe('热泵 <1号> & "A"');
    expect(rows[1]![8]).toBe('在线');
    expect(rows[2]![8]).toBe('未激活');
    expect(rows[1]![10]).toBe('正常');

    for (const again of [done.objectResult!.filePath!, `${done.objectResult!.filePath!.split('?')[0]}?job=nope`]) {
      const refused = await env.t.app.inject({ method: 'GET', url: again });
      expect(refused.json()).toMatchObject({ error_code: ErrorCode.NOT_FOUND });
    }
  });

  it('refuses a filter the list refuses', async () => {
    const refused = await call(
      env.t.app,
      startDeviceExport,
      { filter: { combinator: 'and', conditions: [{ field: 'faultCode', symbol: '=', value: '' }] } },
      env.caller,
    );
    expect(refused.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'filter.conditions.0.value', message: 'Please enter the fault code' }] },
    });
  });
});

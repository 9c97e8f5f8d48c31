import {
  ALLOCATION_TARGETS_SHOWN,
  Button,
  ErrorCode,
  listCustomers,
  listCustomerTargets,
  listDealers,
  listMoveTargets,
  moveDevices,
  allocateDeviceCustomer,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { insertCustomer } from '../../db/seed/people-records.ts';
import { newDealer, newDevice, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshPhone } from '../../../test/people-setup.ts';
import { secretBox } from './secret-box.ts';

/**
 * P -> A -> A1 -> A11, and B beside A. The caller is a member of A holding the device list and move
 * buttons only, neither dealer management (B135) nor customer management (B138): the pickers of
 * device allocation must still offer it every target moveDevices and allocateDeviceCustomer accept,
 * and nothing else.
 */
const env = {} as {
  t: TestApp;
  P: string;
  A: string;
  A1: string;
  A11: string;
  B: string;
  caller: { sessionid: string; dealersId: string };
};
const box = secretBox(loadConfig({}).deviceSecretKey);
const customerOf = (dealerId: string, userName: string, phone = freshPhone()) =>
  insertCustomer(env.t.db, { ownerDealerId: dealerId, phone, userName, password: 'Customer2024' });

beforeAll(async () => {
  env.t = await startTestApp();
  env.P = await newDealer(env.t.db, { level: 0, name: 'Platform Pumps' });
  env.A = await newDealer(env.t.db, { parentId: env.P, level: 1, name: 'Alpha Pumps' });
  env.A1 = await newDealer(env.t.db, { parentId: env.A, level: 2, name: 'Alpha North' });
  env.A11 = await newDealer(env.t.db, { parentId: env.A1, level: 3, name: 'Alpha North Hill' });
  env.B = await newDealer(env.t.db, { parentId: env.P, level: 1, name: 'Beta Pumps' });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.A, user.id, [Button.DEVICES, Button.DEVICE_MOVE]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

const moveTargets = async (keyword?: string) => {
  const answer = await call<{ list: Array<Record<string, string>> }>(
    env.t.app,
    listMoveTargets,
    keyword === undefined ? {} : { keyword },
    env.caller,
  );
  expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(ErrorCode.OK);
  return answer.body.objectResult!.list;
};
const customerTargets = async (keyword?: string) => {
  const answer = await call<{ list: Array<Record<string, string>> }>(
    env.t.app,
    listCustomerTargets,
    keyword === undefined ? {} : { keyword },
    env.caller,
  );
  expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(ErrorCode.OK);
  return answer.body.objectResult!.list;
};
const codeOf = async (dealerId: string) =>
  (await env.t.db.selectFrom('dealers').select('code').where('id', '=', dealerId).executeTakeFirstOrThrow()).code;

describe('the move picker (device/moveTargets) for a caller with B9404 but not B135', () => {
  it('cannot list dealers, yet is offered its own company first and then its subtree, id, name and code only', async () => {
    expect((await call(env.t.app, listDealers, {}, env.caller)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    expect(await moveTargets()).toEqual([
      { dealersId: env.A, dealersName: 'Alpha Pumps', dealersCode: await codeOf(env.A) },
      { dealersId: env.A1, dealersName: 'Alpha North', dealersCode: await codeOf(env.A1) },
      { dealersId: env.A11, dealersName: 'Alpha North Hill', dealersCode: await codeOf(env.A11) },
    ]);
  });

  it('matches the typed text in name or code, wildcards as text, never outside the subtree', async () => {
    expect((await moveTargets('north')).map((d) => d.dealersId)).toEqual([env.A1, env.A11]);
    expect((await moveTargets(await codeOf(env.A11))).map((d) => d.dealersId)).toEqual([env.A11]);
    expect(await moveTargets('Pumps')).toEqual([expect.objectContaining({ dealersId: env.A })]);
    expect(await moveTargets('Beta')).toEqual([]);
    expect(await moveTargets('%')).toEqual([]);
  });

  it(`answers at most ${ALLOCATION_TARGETS_SHOWN} dealers`, async () => {
    for (let i = 0; i < ALLOCATION_TARGETS_SHOWN; i += 1)
      await newDealer(env.t.db, { parentId: env.A11, level: 4, name: `Many ${i}` });
    expect(await moveTargets('many')).toHaveLength(ALLOCATION_TARGETS_SHOWN);
  });

  it('every dealer offered is one moveDevices accepts: devices come back from a sub-dealer to the company itself', async () => {
    const device = await newDevice(env.t.db, env.A11, box);
    for (const target of await moveTargets('alpha')) {
      const moved = await call(
        env.t.app,
        moveDevices,
        { deviceIds: [device], targetDealerId: target.dealersId },
        env.caller,
      );
      expect(moved.body).toMatchObject({ error_code: ErrorCode.OK, objectResult: { moved: 1 } });
    }
    const owner = await env.t.db
      .selectFrom('devices')
      .select('dealer_id')
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    expect(owner.dealer_id).toBe(env.A11);
    expect(
      (await call(env.t.app, moveDevices, { deviceIds: [device], targetDealerId: env.A }, env.caller)).body.error_code,
    ).toBe(ErrorCode.OK);
    for (const foreign of [env.P, env.B])
      expect(
        (await call(env.t.app, moveDevices, { deviceIds: [device], targetDealerId: foreign }, env.caller)).body
          .error_code,
      ).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the customer picker (device/customerTargets) for a caller with B9404 but not B138', () => {
  it('cannot list customers, yet is offered the customers owned in its subtree by name, id, name and phone only', async () => {
    const own = await customerOf(env.A, 'Zhao Own', '13900000001');
    const below = await customerOf(env.A11, 'Qian Below', '13900000002');
    await customerOf(env.B, 'Sun Beside', '13900000003');
    await customerOf(env.P, 'Li Above', '13900000004');
    expect((await call(env.t.app, listCustomers, {}, env.caller)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    expect(await customerTargets()).toEqual([
      { customerId: below, userName: 'Qian Below', phone: '13900000002' },
      { customerId: own, userName: 'Zhao Own', phone: '13900000001' },
    ]);
    expect((await customerTargets('zhao')).map((c) => c.customerId)).toEqual([own]);
    expect((await customerTargets('0000002')).map((c) => c.customerId)).toEqual([below]);
    expect(await customerTargets('Sun')).toEqual([]);
    expect(await customerTargets('1390000000_')).toEqual([]);
    // Every customer offered is one the allocation accepts.
    const device = await newDevice(env.t.db, env.A1, box);
    for (const target of await customerTargets()) {
      expect(
        (await call(env.t.app, allocateDeviceCustomer, { deviceId: device, customerId: target.customerId }, env.caller))
          .body.error_code,
      ).toBe(ErrorCode.OK);
    }
  });
});

describe('the allocation pickers refuse', () => {
  it('a caller without the move button, and a bad keyword in the caller language, changing nothing', async () => {
    const viewer = await newUser(env.t.db);
    await newMember(env.t.db, env.A, viewer.id, [Button.DEVICES, Button.DEALERS, Button.CUSTOMERS]);
    const viewerAs = { sessionid: await loginAs(env.t.app, viewer.phone), dealersId: env.A };
    for (const picker of [listMoveTargets, listCustomerTargets]) {
      expect((await call(env.t.app, picker, {}, viewerAs)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
      expect((await call(env.t.app, picker, { keyword: 'x'.repeat(51) }, env.caller)).body).toMatchObject({
        error_code: ErrorCode.BAD_REQUEST,
        objectResult: { fieldErrors: [{ field: 'keyword', message: 'The search text can be at most 50 characters' }] },
      });
      expect(
        (await call(env.t.app, picker, { keyword: 'x'.repeat(51) }, { ...env.caller, language: 'zh_CN' })).body,
      ).toMatchObject({
        error_code: ErrorCode.BAD_REQUEST,
        objectResult: { fieldErrors: [{ field: 'keyword', message: '搜索内容最多 50 个字符' }] },
      });
      expect((await call(env.t.app, picker, { dealersName: 'Alpha' }, env.caller)).body.error_code).toBe(
        ErrorCode.BAD_REQUEST,
      );
    }
  });
});

import { allocateDeviceCustomer, Button, ErrorCode, getDeviceCustomer } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { insertCustomer } from '../../db/seed/people-records.ts';
import { newDealer, newDevice, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshPhone } from '../../../test/people-setup.ts';
import { secretBox } from './secret-box.ts';

/** P -> A -> A1, and B beside A; the caller is a member of A with the device list and move buttons. */
const env = {} as { t: TestApp; A: string; A1: string; B: string; caller: { sessionid: string; dealersId: string } };
const box = secretBox(loadConfig({}).deviceSecretKey);
const customerOf = (dealerId: string, userName = 'Zhang San') =>
  insertCustomer(env.t.db, { ownerDealerId: dealerId, phone: freshPhone(), userName, password: 'Customer2024' });

beforeAll(async () => {
  env.t = await startTestApp();
  const P = await newDealer(env.t.db, { level: 0 });
  env.A = await newDealer(env.t.db, { parentId: P, level: 1 });
  env.A1 = await newDealer(env.t.db, { parentId: env.A, level: 2 });
  env.B = await newDealer(env.t.db, { parentId: P, level: 1 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.A, user.id, [Button.DEVICES, Button.DEVICE_MOVE]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

const allocate = (deviceId: string, customerId: string, language?: string) =>
  call<{ customer: Record<string, unknown> | null }>(
    env.t.app,
    allocateDeviceCustomer,
    { deviceId, customerId },
    { ...env.caller, ...(language ? { language } : {}) },
  );
const customerOfDevice = async (deviceId: string) =>
  (await call<{ customer: Record<string, unknown> | null }>(env.t.app, getDeviceCustomer, { deviceId }, env.caller))
    .body;

describe('allocating a device to an end customer', () => {
  it('allocates a device of the subtree to a customer of the subtree, replaces the allocation, and takes it back', async () => {
    const device = await newDevice(env.t.db, env.A1, box);
    expect((await customerOfDevice(device)).objectResult).toEqual({ customer: null });
    const first = await customerOf(env.A1, 'Li Si');
    const answer = await allocate(device, first);
    expect(answer.body.error_code).toBe(ErrorCode.OK);
    expect(answer.body.objectResult!.customer).toMatchObject({ customerId: first, userName: 'Li Si' });
    expect((await customerOfDevice(device)).objectResult!.customer).toMatchObject({
      customerId: first,
      userName: 'Li Si',
    });
    const second = await customerOf(env.A, 'Wang Wu');
    await allocate(device, second);
    expect((await customerOfDevice(device)).objectResult!.customer).toMatchObject({
      customerId: second,
      userName: 'Wang Wu',
    });
    expect((await allocate(device, '')).body.objectResult).toEqual({ customer: null });
    expect((await customerOfDevice(device)).objectResult).toEqual({ customer: null });
  });

  it('answers a foreign device or customer like a missing one and changes nothing', async () => {
    const mine = await newDevice(env.t.db, env.A, box);
    const foreignDevice = await newDevice(env.t.db, env.B, box);
    const mineCustomer = await customerOf(env.A);
    const foreignCustomer = await customerOf(env.B);
    expect((await allocate(foreignDevice, mineCustomer)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await allocate(mine, foreignCustomer)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await allocate(mine, '999999999')).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await customerOfDevice(foreignDevice)).error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await customerOfDevice(mine)).objectResult).toEqual({ customer: null });
    const rows = await env.t.db
      .selectFrom('device_customers')
      .select('device_id')
      .where('device_id', 'in', [mine, foreignDevice])
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses a malformed customer id in the caller's language", async () => {
    const mine = await newDevice(env.t.db, env.A, box);
    const en = await allocate(mine, 'x'.repeat(30));
    expect(en.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    const zh = await allocate(mine, 'x'.repeat(30), 'zh_CN');
    expect(zh.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(zh.body.error_msg).not.toBe(en.body.error_msg);
  });
});

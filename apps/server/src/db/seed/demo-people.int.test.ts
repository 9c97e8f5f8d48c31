import {
  ErrorCode,
  customerLogin,
  listCustomers,
  listDepartments,
  login,
  type Customer,
  type Department,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { DemoPhone } from './demo.ts';
import { DemoPeople, seedDemoPeople } from './demo-people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const dealerId = async (code: string) =>
  (await t.db.selectFrom('dealers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('demo people records', () => {
  it('are inserted once', async () => {
    expect(await seedDemoPeople(t.db)).toBe(false);
    expect((await t.db.selectFrom('departments').select('id').where('code', '=', 'ZZ-01').execute()).length).toBe(1);
  });

  it('keep the demo customer signing in, and the locked one refused', async () => {
    expect(
      (await call(t.app, customerLogin, { userName: DemoPhone.CUSTOMER, password: digest() })).body.error_code,
    ).toBe(0);
    const locked = await call(t.app, customerLogin, { userName: DemoPeople.CUSTOMER_LOCKED, password: digest() });
    expect(locked.body.error_code).toBe(ErrorCode.ACCOUNT_LOCKED);
    const pda = await call(t.app, login, { name: DemoPeople.PDA_ASSEMBLY, password: digest(), loginSource: 'pda' });
    expect(pda.body.error_code).toBe(0);
  });

  it('show per company: the operator sees every customer and department, the North China member only its subtree', async () => {
    const operator = await loginAs(t.app, DemoPhone.OPERATOR);
    const all = await call<{ list: Customer[] }>(
      t.app,
      listCustomers,
      {},
      { sessionid: operator, dealersId: await dealerId('AURORA') },
    );
    expect(all.body.objectResult!.list.map((entry) => entry.phone).sort()).toEqual(
      [DemoPhone.CUSTOMER, DemoPeople.CUSTOMER_HAIDIAN, DemoPeople.CUSTOMER_EAST, DemoPeople.CUSTOMER_LOCKED].sort(),
    );
    const departments = await call<{ list: Department[] }>(
      t.app,
      listDepartments,
      { sortField: 'departmentCode', sortOrder: 'ascend' },
      { sessionid: operator, dealersId: await dealerId('AURORA') },
    );
    expect(departments.body.objectResult!.list.map((entry) => [entry.departmentCode, entry.pdaUserCount])).toEqual([
      ['QC-01', 1],
      ['WH-01', 0],
      ['ZZ-01', 2],
      ['ZZ-02', 1],
    ]);
    const north = await loginAs(t.app, DemoPhone.TWO_COMPANIES);
    const subtree = await call<{ list: Customer[] }>(
      t.app,
      listCustomers,
      {},
      { sessionid: north, dealersId: await dealerId('D1-NORTH') },
    );
    expect(subtree.body.objectResult!.list.map((entry) => entry.phone).sort()).toEqual(
      [DemoPhone.CUSTOMER, DemoPeople.CUSTOMER_HAIDIAN, DemoPeople.CUSTOMER_LOCKED].sort(),
    );
  });
});

import {
  ErrorCode,
  addCustomer,
  customerLogin,
  deleteCustomer,
  getPersonalInfo,
  listCustomers,
  lockCustomer,
  resetCustomerPassword,
  unlockCustomer,
  updateCustomer,
  type Customer,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { insertCustomer } from '../../db/seed/people-records.ts';
import { call, digest } from '../../../test/harness.ts';
import { freshPhone, usePeopleApp } from '../../../test/people-setup.ts';
import { uploadedUrl } from '../../../test/uploads.ts';

const env = usePeopleApp();

const PASSWORD = 'Cust0mer2024';
const newCustomerBody = (phone = freshPhone()) => ({
  userName: '王先生',
  phone,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  email: 'wang@example.com',
});
const customerSignIn = (phone: string, password = PASSWORD) =>
  call<{ 'x-token': string }>(env.t.app, customerLogin, { userName: phone, password: digest(password) });
const countUsers = async (phone: string) =>
  (await env.t.db.selectFrom('users').select('id').where('user_name', '=', phone).execute()).length;

describe('customers: create and list', () => {
  it('creates a customer owned by the current company and lists it', async () => {
    const body = newCustomerBody();
    const added = await call<Customer>(env.t.app, addCustomer, body, env.tree.asCaller);
    expect(added.body.error_code).toBe(0);
    expect(added.body.objectResult).toMatchObject({
      userName: '王先生',
      phone: body.phone,
      email: 'wang@example.com',
      img: '',
      ownerDealerId: env.tree.A,
      locked: false,
    });
    const listed = await call<{ list: Customer[]; totalSize: number }>(
      env.t.app,
      listCustomers,
      { phone: body.phone },
      env.tree.asCaller,
    );
    expect(listed.body.objectResult!.list.map((entry) => entry.phone)).toEqual([body.phone]);
    expect((await customerSignIn(body.phone)).body.error_code).toBe(0);
  });

  it('creates a customer for a sub-dealer, and refuses a foreign owner as not found without creating anything', async () => {
    const child = await call<Customer>(
      env.t.app,
      addCustomer,
      { ...newCustomerBody(), ownerDealerId: env.tree.A1 },
      env.tree.asCaller,
    );
    expect(child.body.objectResult?.ownerDealerId).toBe(env.tree.A1);
    for (const foreign of [env.tree.P, env.tree.B, '999999999', 'abc']) {
      const body = newCustomerBody();
      const refused = await call(env.t.app, addCustomer, { ...body, ownerDealerId: foreign }, env.tree.asCaller);
      expect(refused.body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect(await countUsers(body.phone)).toBe(0);
    }
  });

  it("refuses a phone already used by a customer: 'phone number already exists' in both languages", async () => {
    const body = newCustomerBody();
    await call(env.t.app, addCustomer, body, env.tree.asCaller);
    const english = await call(env.t.app, addCustomer, { ...body, userName: 'Other' }, env.tree.asCaller);
    expect(english.body).toEqual({
      error_code: ErrorCode.PHONE_EXISTS,
      error_msg: 'Phone number already exists',
      objectResult: null,
    });
    const chinese = await call(env.t.app, addCustomer, body, { ...env.tree.asCaller, language: 'zh_CN' });
    expect(chinese.body.error_msg).toBe('手机号已存在');
    expect(await countUsers(body.phone)).toBe(1);
  });

  it('refuses bad phone, email, password, confirmation and extra fields with readable messages, creating nothing', async () => {
    const phone = freshPhone();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...newCustomerBody(phone), phone: '23712345678' }, 'phone: The phone number format is wrong'],
      [{ ...newCustomerBody(phone), email: 'not-an-email' }, 'email: The email format is wrong'],
      [
        { ...newCustomerBody(phone), password: 'onlyletters', confirmPassword: 'onlyletters' },
        'password: Password must be 8-20 characters with letters and digits and no spaces',
      ],
      [{ ...newCustomerBody(phone), confirmPassword: 'Different1' }, 'confirmPassword: The two passwords do not match'],
      [{ ...newCustomerBody(phone), level: 1 }, 'Unknown field: level'],
    ];
    for (const [body, message] of cases) {
      const refused = await call(env.t.app, addCustomer, body, env.tree.asCaller);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(refused.body.error_msg).toContain(message);
    }
    expect(await countUsers(phone)).toBe(0);
  });

  it('lists only the subtree, with search, sorting and pages', async () => {
    const mark = freshPhone().slice(0, 8);
    const own = [`${mark}001`, `${mark}002`, `${mark}003`];
    for (const phone of own)
      await insertCustomer(env.t.db, {
        ownerDealerId: env.tree.A,
        phone,
        userName: `Own ${phone}`,
        password: PASSWORD,
      });
    await insertCustomer(env.t.db, {
      ownerDealerId: env.tree.A1,
      phone: `${mark}004`,
      userName: 'Child customer',
      password: PASSWORD,
    });
    await insertCustomer(env.t.db, {
      ownerDealerId: env.tree.P,
      phone: `${mark}005`,
      userName: 'Parent customer',
      password: PASSWORD,
    });
    await insertCustomer(env.t.db, {
      ownerDealerId: env.tree.B,
      phone: `${mark}006`,
      userName: 'Sibling customer',
      password: PASSWORD,
    });
    const page = (extra: Record<string, unknown>) =>
      call<{ list: Customer[]; totalSize: number }>(
        env.t.app,
        listCustomers,
        { phone: mark, ...extra },
        env.tree.asCaller,
      );
    const ascending = await page({ sortField: 'phone', sortOrder: 'ascend', pageSize: 3 });
    expect(ascending.body.objectResult!.totalSize).toBe(4);
    expect(ascending.body.objectResult!.list.map((entry) => entry.phone)).toEqual([
      `${mark}001`,
      `${mark}002`,
      `${mark}003`,
    ]);
    const second = await page({ sortField: 'phone', sortOrder: 'ascend', pageSize: 3, pageIndex: 2 });
    expect(second.body.objectResult!.list.map((entry) => entry.phone)).toEqual([`${mark}004`]);
    const descending = await page({ sortField: 'phone', sortOrder: 'descend', pageSize: 1 });
    expect(descending.body.objectResult!.list[0]!.phone).toBe(`${mark}004`);
    expect((await page({ userName: 'child' })).body.objectResult!.list.map((entry) => entry.userName)).toEqual([
      'Child customer',
    ]);
    expect((await page({ userName: '100%_' })).body.objectResult!.totalSize).toBe(0);
    expect((await page({ sortField: 'password_hash' })).body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('customers: edit, reset password, lock, unlock, delete', () => {
  const create = async (owner = env.tree.A) => {
    const phone = freshPhone();
    const customerId = await insertCustomer(env.t.db, {
      ownerDealerId: owner,
      phone,
      userName: 'Li Na',
      password: PASSWORD,
    });
    return { customerId, phone };
  };

  it('edits name, phone, email and avatar, refusing a phone of another customer', async () => {
    const { customerId } = await create();
    const other = await create();
    const phone = freshPhone();
    const img = await uploadedUrl(env.t.app, env.tree.asCaller);
    const edited = await call<Customer>(
      env.t.app,
      updateCustomer,
      { customerId, userName: '李娜', phone, email: '', img },
      env.tree.asCaller,
    );
    expect(edited.body.objectResult).toMatchObject({ customerId, userName: '李娜', phone, email: '', img });
    const taken = await call(
      env.t.app,
      updateCustomer,
      { customerId, userName: '李娜', phone: other.phone, email: '', img: '' },
      env.tree.asCaller,
    );
    expect(taken.body.error_code).toBe(ErrorCode.PHONE_EXISTS);
    const kept = await call(
      env.t.app,
      updateCustomer,
      { customerId, userName: '李娜 2', phone, email: '', img: '' },
      env.tree.asCaller,
    );
    expect(kept.body.error_code).toBe(0);
  });

  it('locks: sign-in answers ACCOUNT_LOCKED and the live session ends; unlock lets it sign in again', async () => {
    const { customerId, phone } = await create();
    const session = (await customerSignIn(phone)).body.objectResult!['x-token'];
    expect((await call(env.t.app, lockCustomer, { customerId }, env.tree.asCaller)).body.error_code).toBe(0);
    const refused = await customerSignIn(phone);
    expect(refused.body).toEqual({
      error_code: ErrorCode.ACCOUNT_LOCKED,
      error_msg: 'This account has been locked',
      objectResult: null,
    });
    expect((await call(env.t.app, getPersonalInfo, {}, { sessionid: session })).status).toBe(401);
    const listed = await call<{ list: Customer[] }>(
      env.t.app,
      listCustomers,
      { phone, locked: '1' },
      env.tree.asCaller,
    );
    expect(listed.body.objectResult!.list.map((entry) => entry.locked)).toEqual([true]);
    expect((await call(env.t.app, unlockCustomer, { customerId }, env.tree.asCaller)).body.error_code).toBe(0);
    expect((await customerSignIn(phone)).body.error_code).toBe(0);
  });

  it('an SMS-free password reset by the administrator: the new password signs in, the old one no longer', async () => {
    const { customerId, phone } = await create();
    const reset = await call(
      env.t.app,
      resetCustomerPassword,
      { customerId, password: 'NewPass123', confirmPassword: 'NewPass123' },
      env.tree.asCaller,
    );
    expect(reset.body).toEqual({ error_code: 0, error_msg: 'Success', objectResult: null });
    expect((await customerSignIn(phone, 'NewPass123')).body.error_code).toBe(0);
    expect((await customerSignIn(phone)).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
    const weak = await call(
      env.t.app,
      resetCustomerPassword,
      { customerId, password: '12345678', confirmPassword: '12345678' },
      env.tree.asCaller,
    );
    expect(weak.body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('deletes a customer: gone from the list, cannot sign in', async () => {
    const { customerId, phone } = await create(env.tree.A1);
    expect((await call(env.t.app, deleteCustomer, { customerId }, env.tree.asCaller)).body.error_code).toBe(0);
    expect(
      (await call<{ totalSize: number }>(env.t.app, listCustomers, { phone }, env.tree.asCaller)).body.objectResult!
        .totalSize,
    ).toBe(0);
    expect((await customerSignIn(phone)).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('answers NOT_FOUND for customers of the parent and the sibling, and for missing ids, changing nothing', async () => {
    for (const owner of [env.tree.P, env.tree.B]) {
      const { customerId, phone } = await create(owner);
      const before = await env.t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      const bodies = [
        [updateCustomer, { customerId, userName: 'Hijacked', phone: freshPhone(), email: '', img: '' }],
        [resetCustomerPassword, { customerId, password: 'Hijack123', confirmPassword: 'Hijack123' }],
        [lockCustomer, { customerId }],
        [unlockCustomer, { customerId }],
        [deleteCustomer, { customerId }],
      ] as const;
      for (const [def, body] of bodies) {
        const answer = await call(env.t.app, def, body, env.tree.asCaller);
        expect(answer.body.error_code, def.path).toBe(ErrorCode.NOT_FOUND);
      }
      expect(
        await env.t.db.selectFrom('users').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow(),
      ).toEqual(before);
      expect((await customerSignIn(phone)).body.error_code).toBe(0);
    }
    expect((await call(env.t.app, lockCustomer, { customerId: '987654321' }, env.tree.asCaller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await call(env.t.app, lockCustomer, { customerId: 'x' }, env.tree.asCaller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });
});

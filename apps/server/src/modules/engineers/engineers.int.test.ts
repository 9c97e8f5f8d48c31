import {
  ErrorCode, addCustomer, addEngineer, customerLogin, deleteEngineer, listEngineers, lockEngineer, resetEngineerPassword, unlockEngineer, updateEngineer,
  type Engineer,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { insertEngineer } from '../../db/seed/people-records.ts';
import { call, digest } from '../../../test/harness.ts';
import { freshPhone, usePeopleApp } from '../../../test/people-setup.ts';

const env = usePeopleApp();

const PASSWORD = 'Engineer2024';
const engineerBody = (extra: Record<string, unknown> = {}) => ({ name: '赵工', phone: freshPhone(), password: PASSWORD, confirmPassword: PASSWORD, area: '北京市海淀区', ...extra });
/** Engineers sign in through the customer system's login with type 'engineer' (the service app). */
const engineerSignIn = (phone: string, password = PASSWORD) => call(env.t.app, customerLogin, { userName: phone, password: digest(password), type: 'engineer' });

describe('engineers', () => {
  it('creates an enabled engineer by default; it signs in as an engineer only', async () => {
    const input = engineerBody({ notes: '空气能热泵维修' });
    const added = await call<Engineer>(env.t.app, addEngineer, input, env.tree.asCaller);
    expect(added.body.objectResult).toMatchObject({ name: '赵工', phone: input.phone, area: '北京市海淀区', notes: '空气能热泵维修', enabled: true, locked: false, ownerDealerId: env.tree.A });
    expect((await engineerSignIn(input.phone)).body.error_code).toBe(0);
    const asCustomer = await call(env.t.app, customerLogin, { userName: input.phone, password: digest(PASSWORD) });
    expect(asCustomer.body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it("refuses a phone another engineer has ('phone number already exists'), but a customer may share it", async () => {
    const input = engineerBody();
    await call(env.t.app, addEngineer, input, env.tree.asCaller);
    const taken = await call(env.t.app, addEngineer, engineerBody({ phone: input.phone }), { ...env.tree.asCaller, language: 'zh_CN' });
    expect(taken.body).toEqual({ error_code: ErrorCode.PHONE_EXISTS, error_msg: '手机号已存在', objectResult: null });
    const customer = { userName: 'Same phone', phone: input.phone, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await call(env.t.app, addCustomer, customer, env.tree.asCaller)).body.error_code).toBe(0);
    expect((await call(env.t.app, addEngineer, engineerBody({ phone: '1234' }), env.tree.asCaller)).body.error_msg).toContain('The phone number format is wrong');
    expect((await call(env.t.app, addEngineer, engineerBody({ area: 'x'.repeat(201) }), env.tree.asCaller)).body.error_msg).toContain('At most 200 characters');
  });

  it('edits and disables an engineer; filters by enabled and sorts by name', async () => {
    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, { ownerDealerId: env.tree.A1, phone, name: 'Qian', password: PASSWORD });
    const edited = await call<Engineer>(env.t.app, updateEngineer, { engineerId, name: 'Qian Hao', phone, email: 'qh@example.com', area: 'Shanghai', notes: 'on leave', enabled: false }, env.tree.asCaller);
    expect(edited.body.objectResult).toMatchObject({ name: 'Qian Hao', enabled: false, ownerDealerId: env.tree.A1 });
    const disabled = await call<{ list: Engineer[] }>(env.t.app, listEngineers, { enabled: '0', phone }, env.tree.asCaller);
    expect(disabled.body.objectResult!.list.map((entry) => entry.engineerId)).toEqual([engineerId]);
    expect((await call<{ totalSize: number }>(env.t.app, listEngineers, { enabled: '1', phone }, env.tree.asCaller)).body.objectResult!.totalSize).toBe(0);
    const mark = freshPhone().slice(0, 9);
    for (const name of ['Chen', 'An', 'Bo']) await insertEngineer(env.t.db, { ownerDealerId: env.tree.A, phone: `${mark}${name.length}${name.charCodeAt(0) % 10}`, name, password: PASSWORD });
    const sorted = await call<{ list: Engineer[] }>(env.t.app, listEngineers, { phone: mark, sortField: 'name', sortOrder: 'ascend' }, env.tree.asCaller);
    expect(sorted.body.objectResult!.list.map((entry) => entry.name)).toEqual(['An', 'Bo', 'Chen']);
  });

  it('keeps remarks to 20 characters (spec section 5): 21 are refused in both languages and change nothing, 20 are saved', async () => {
    const countBefore = await env.t.db.selectFrom('engineers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const tooLong = '热'.repeat(21);
    const refusedAdd = await call(env.t.app, addEngineer, engineerBody({ notes: tooLong }), { ...env.tree.asCaller, language: 'zh_CN' });
    expect(refusedAdd.body).toMatchObject({ error_code: ErrorCode.BAD_REQUEST, objectResult: { fieldErrors: [{ field: 'notes', message: '备注最多 20 个字符' }] } });
    expect(await env.t.db.selectFrom('engineers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(countBefore);

    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, { ownerDealerId: env.tree.A, phone, name: 'Zhou', password: PASSWORD, notes: 'short' });
    const edit = { engineerId, name: 'Zhou', phone, email: '', area: '', enabled: true };
    const refusedEdit = await call(env.t.app, updateEngineer, { ...edit, notes: 'r'.repeat(21) }, env.tree.asCaller);
    expect(refusedEdit.body).toMatchObject({ error_code: ErrorCode.BAD_REQUEST, objectResult: { fieldErrors: [{ field: 'notes', message: 'Remarks can be at most 20 characters' }] } });
    const notes = () => env.t.db.selectFrom('engineers').select('notes').where('user_id', '=', engineerId).executeTakeFirstOrThrow();
    expect(await notes()).toEqual({ notes: 'short' });

    const saved = await call<Engineer>(env.t.app, updateEngineer, { ...edit, notes: ` ${'热'.repeat(20)} ` }, env.tree.asCaller);
    expect(saved.body.objectResult).toMatchObject({ notes: '热'.repeat(20) });
    expect(await notes()).toEqual({ notes: '热'.repeat(20) });
    expect((await call(env.t.app, addEngineer, engineerBody({ notes: 'r'.repeat(20) }), env.tree.asCaller)).body.error_code).toBe(0);
  });

  it('lock refuses sign-in, unlock allows it, reset password replaces it, delete removes it', async () => {
    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, { ownerDealerId: env.tree.A, phone, name: 'Sun', password: PASSWORD });
    await call(env.t.app, lockEngineer, { engineerId }, env.tree.asCaller);
    expect((await engineerSignIn(phone)).body).toMatchObject({ error_code: ErrorCode.ACCOUNT_LOCKED, error_msg: 'This account has been locked' });
    await call(env.t.app, unlockEngineer, { engineerId }, env.tree.asCaller);
    expect((await engineerSignIn(phone)).body.error_code).toBe(0);
    await call(env.t.app, resetEngineerPassword, { engineerId, password: 'Renewed2024', confirmPassword: 'Renewed2024' }, env.tree.asCaller);
    expect((await engineerSignIn(phone, 'Renewed2024')).body.error_code).toBe(0);
    await call(env.t.app, deleteEngineer, { engineerId }, env.tree.asCaller);
    expect((await engineerSignIn(phone, 'Renewed2024')).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('answers NOT_FOUND for engineers of the parent and the sibling, changing nothing', async () => {
    for (const owner of [env.tree.P, env.tree.B]) {
      const phone = freshPhone();
      const engineerId = await insertEngineer(env.t.db, { ownerDealerId: owner, phone, name: 'Foreign', password: PASSWORD });
      const before = await env.t.db.selectFrom('engineers').innerJoin('users', 'users.id', 'engineers.user_id').selectAll().where('user_id', '=', engineerId).executeTakeFirstOrThrow();
      const bodies = [
        [updateEngineer, { engineerId, name: 'x', phone: freshPhone(), email: '', area: '', notes: '', enabled: false }],
        [resetEngineerPassword, { engineerId, password: 'Hijack123', confirmPassword: 'Hijack123' }],
        [lockEngineer, { engineerId }],
        [unlockEngineer, { engineerId }],
        [deleteEngineer, { engineerId }],
      ] as const;
      for (const [def, input] of bodies) expect((await call(env.t.app, def, input, env.tree.asCaller)).body.error_code, def.path).toBe(ErrorCode.NOT_FOUND);
      expect(await env.t.db.selectFrom('engineers').innerJoin('users', 'users.id', 'engineers.user_id').selectAll().where('user_id', '=', engineerId).executeTakeFirstOrThrow()).toEqual(before);
      expect((await engineerSignIn(phone)).body.error_code).toBe(0);
    }
  });
});

import {
  ErrorCode,
  addCustomer,
  addEngineer,
  customerLogin,
  deleteEngineer,
  listEngineers,
  lockEngineer,
  resetEngineerPassword,
  unlockEngineer,
  updateEngineer,
  type Engineer,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { insertEngineer } from '../../db/seed/people-records.ts';
import { call, digest } from '../../../test/harness.ts';
import { freshPhone, usePeopleApp } from '../../../test/people-setup.ts';

const env = usePeopleApp();

const PASSWORD = 'Engineer2024';
const engineerBody = (extra: Record<string, unknown> = {}) => ({
  name: '赵工',
  phone: freshPhone(),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  areaCodes: ['110000'],
  ...extra,
});
/** Engineers sign in through the customer system's login with type 'engineer' (the service app). */
const engineerSignIn = (phone: string, password = PASSWORD) =>
  call(env.t.app, customerLogin, { userName: phone, password: digest(password), type: 'engineer' });

describe('engineers', () => {
  it('creates an enabled engineer by default; it signs in as an engineer only', async () => {
    const input = engineerBody({ notes: '空气能热泵维修' });
    const added = await call<Engineer>(env.t.app, addEngineer, input, env.tree.asCaller);
    expect(added.body.objectResult).toMatchObject({
      name: '赵工',
      phone: input.phone,
      areaCodes: ['110000'],
      notes: '空气能热泵维修',
      enabled: true,
      locked: false,
      ownerDealerId: env.tree.A,
    });
    expect((await engineerSignIn(input.phone)).body.error_code).toBe(0);
    const asCustomer = await call(env.t.app, customerLogin, { userName: input.phone, password: digest(PASSWORD) });
    expect(asCustomer.body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it("refuses a phone another engineer has ('phone number already exists'), but a customer may share it", async () => {
    const input = engineerBody();
    await call(env.t.app, addEngineer, input, env.tree.asCaller);
    const taken = await call(env.t.app, addEngineer, engineerBody({ phone: input.phone }), {
      ...env.tree.asCaller,
      language: 'zh_CN',
    });
    expect(taken.body).toEqual({ error_code: ErrorCode.PHONE_EXISTS, error_msg: '手机号已存在', objectResult: null });
    const customer = { userName: 'Same phone', phone: input.phone, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await call(env.t.app, addCustomer, customer, env.tree.asCaller)).body.error_code).toBe(0);
    expect(
      (await call(env.t.app, addEngineer, engineerBody({ phone: '1234' }), env.tree.asCaller)).body.error_msg,
    ).toContain('The phone number format is wrong');
  });

  it('edits and disables an engineer; filters by enabled and sorts by name', async () => {
    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, {
      ownerDealerId: env.tree.A1,
      phone,
      name: 'Qian',
      password: PASSWORD,
    });
    const edited = await call<Engineer>(
      env.t.app,
      updateEngineer,
      {
        engineerId,
        name: 'Qian Hao',
        phone,
        email: 'qh@example.com',
        areaCodes: ['310000'],
        notes: 'on leave',
        enabled: false,
      },
      env.tree.asCaller,
    );
    expect(edited.body.objectResult).toMatchObject({
      name: 'Qian Hao',
      areaCodes: ['310000'],
      enabled: false,
      ownerDealerId: env.tree.A1,
    });
    const disabled = await call<{ list: Engineer[] }>(
      env.t.app,
      listEngineers,
      { enabled: '0', phone },
      env.tree.asCaller,
    );
    expect(disabled.body.objectResult!.list.map((entry) => entry.engineerId)).toEqual([engineerId]);
    expect(
      (await call<{ totalSize: number }>(env.t.app, listEngineers, { enabled: '1', phone }, env.tree.asCaller)).body
        .objectResult!.totalSize,
    ).toBe(0);
    const mark = freshPhone().slice(0, 9);
    for (const name of ['Chen', 'An', 'Bo'])
      await insertEngineer(env.t.db, {
        ownerDealerId: env.tree.A,
        phone: `${mark}${name.length}${name.charCodeAt(0) % 10}`,
        name,
        password: PASSWORD,
      });
    const sorted = await call<{ list: Engineer[] }>(
      env.t.app,
      listEngineers,
      { phone: mark, sortField: 'name', sortOrder: 'ascend' },
      env.tree.asCaller,
    );
    expect(sorted.body.objectResult!.list.map((entry) => entry.name)).toEqual(['An', 'Bo', 'Chen']);
  });

  it('keeps remarks to 20 characters (spec section 5): 21 are refused in both languages and change nothing, 20 are saved', async () => {
    const countBefore = await env.t.db
      .selectFrom('engineers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const tooLong = '热'.repeat(21);
    const refusedAdd = await call(env.t.app, addEngineer, engineerBody({ notes: tooLong }), {
      ...env.tree.asCaller,
      language: 'zh_CN',
    });
    expect(refusedAdd.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'notes', message: '备注最多 20 个字符' }] },
    });
    expect(
      await env.t.db
        .selectFrom('engineers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(countBefore);

    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, {
      ownerDealerId: env.tree.A,
      phone,
      name: 'Zhou',
      password: PASSWORD,
      notes: 'short',
    });
    const edit = { engineerId, name: 'Zhou', phone, email: '', enabled: true };
    const refusedEdit = await call(env.t.app, updateEngineer, { ...edit, notes: 'r'.repeat(21) }, env.tree.asCaller);
    expect(refusedEdit.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'notes', message: 'Remarks can be at most 20 characters' }] },
    });
    const notes = () =>
      env.t.db.selectFrom('engineers').select('notes').where('user_id', '=', engineerId).executeTakeFirstOrThrow();
    expect(await notes()).toEqual({ notes: 'short' });

    const saved = await call<Engineer>(
      env.t.app,
      updateEngineer,
      { ...edit, notes: ` ${'热'.repeat(20)} ` },
      env.tree.asCaller,
    );
    expect(saved.body.objectResult).toMatchObject({ notes: '热'.repeat(20) });
    expect(await notes()).toEqual({ notes: '热'.repeat(20) });
    expect(
      (await call(env.t.app, addEngineer, engineerBody({ notes: 'r'.repeat(20) }), env.tree.asCaller)).body.error_code,
    ).toBe(0);
  });

  it('keeps service areas as known province or city codes: an unknown code is refused on its field in both languages and changes nothing', async () => {
    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, {
      ownerDealerId: env.tree.A,
      phone,
      name: 'Wu',
      password: PASSWORD,
      areaCodes: ['310000'],
    });
    const edit = { engineerId, name: 'Wu', phone, email: '', notes: '', enabled: true };
    const stored = () =>
      env.t.db.selectFrom('engineers').select('area_codes').where('user_id', '=', engineerId).executeTakeFirstOrThrow();
    const unknownIn = (language: string) =>
      call(env.t.app, updateEngineer, { ...edit, areaCodes: ['440300', '999900'] }, { ...env.tree.asCaller, language });
    expect((await unknownIn('zh_CN')).body).toEqual({
      error_code: ErrorCode.AREA_UNKNOWN,
      error_msg: '未知的省份或城市编码：999900',
      objectResult: { fieldErrors: [{ field: 'areaCodes', message: '未知的省份或城市编码：999900' }] },
    });
    expect((await unknownIn('en_US')).body.objectResult).toEqual({
      fieldErrors: [{ field: 'areaCodes', message: 'Unknown province or city code: 999900' }],
    });
    // A district (third level) is no service area either.
    expect(
      (await call(env.t.app, updateEngineer, { ...edit, areaCodes: ['440305'] }, env.tree.asCaller)).body.error_code,
    ).toBe(ErrorCode.AREA_UNKNOWN);
    expect(await stored()).toEqual({ area_codes: ['310000'] });
    const countBefore = await env.t.db
      .selectFrom('engineers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      (await call(env.t.app, addEngineer, engineerBody({ areaCodes: ['000000'] }), env.tree.asCaller)).body.error_code,
    ).toBe(ErrorCode.AREA_UNKNOWN);
    const tooMany = await call(
      env.t.app,
      addEngineer,
      engineerBody({ areaCodes: Array.from({ length: 21 }, () => '110000') }),
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(tooMany.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'areaCodes', message: '最多 20 个区域' }] },
    });
    expect(
      await env.t.db
        .selectFrom('engineers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(countBefore);

    const saved = await call<Engineer>(
      env.t.app,
      updateEngineer,
      { ...edit, areaCodes: ['440300', '110000', '440300'] },
      env.tree.asCaller,
    );
    expect(saved.body.objectResult).toMatchObject({ areaCodes: ['440300', '110000'] });
    expect(await stored()).toEqual({ area_codes: ['440300', '110000'] });
  });

  it('filters by a division: the code itself, or for a province any of its cities', async () => {
    const mark = freshPhone().slice(0, 9);
    const ids = {
      shenzhen: await insertEngineer(env.t.db, {
        ownerDealerId: env.tree.A,
        phone: `${mark}01`,
        name: 'Shenzhen',
        password: PASSWORD,
        areaCodes: ['440300'],
      }),
      guangdong: await insertEngineer(env.t.db, {
        ownerDealerId: env.tree.A,
        phone: `${mark}02`,
        name: 'Guangdong',
        password: PASSWORD,
        areaCodes: ['110000', '440000'],
      }),
      beijing: await insertEngineer(env.t.db, {
        ownerDealerId: env.tree.A,
        phone: `${mark}03`,
        name: 'Beijing',
        password: PASSWORD,
        areaCodes: ['110000'],
      }),
      none: await insertEngineer(env.t.db, {
        ownerDealerId: env.tree.A,
        phone: `${mark}04`,
        name: 'None',
        password: PASSWORD,
      }),
    };
    const found = async (area: string) =>
      (
        await call<{ list: Engineer[] }>(
          env.t.app,
          listEngineers,
          { phone: mark, area, sortField: 'name', sortOrder: 'ascend' },
          env.tree.asCaller,
        )
      ).body.objectResult!.list.map((row) => row.name);
    expect(await found('440000')).toEqual(['Guangdong', 'Shenzhen']);
    expect(await found('440300')).toEqual(['Shenzhen']);
    expect(await found('110000')).toEqual(['Beijing', 'Guangdong']);
    expect(await found('')).toHaveLength(Object.keys(ids).length);
    const badFilter = await call(
      env.t.app,
      listEngineers,
      { area: '北京' },
      { ...env.tree.asCaller, language: 'en_US' },
    );
    expect(badFilter.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'area' }] },
    });
  });

  it('lock refuses sign-in, unlock allows it, reset password replaces it, delete removes it', async () => {
    const phone = freshPhone();
    const engineerId = await insertEngineer(env.t.db, {
      ownerDealerId: env.tree.A,
      phone,
      name: 'Sun',
      password: PASSWORD,
    });
    await call(env.t.app, lockEngineer, { engineerId }, env.tree.asCaller);
    expect((await engineerSignIn(phone)).body).toMatchObject({
      error_code: ErrorCode.ACCOUNT_LOCKED,
      error_msg: 'This account has been locked',
    });
    await call(env.t.app, unlockEngineer, { engineerId }, env.tree.asCaller);
    expect((await engineerSignIn(phone)).body.error_code).toBe(0);
    await call(
      env.t.app,
      resetEngineerPassword,
      { engineerId, password: 'Renewed2024', confirmPassword: 'Renewed2024' },
      env.tree.asCaller,
    );
    expect((await engineerSignIn(phone, 'Renewed2024')).body.error_code).toBe(0);
    await call(env.t.app, deleteEngineer, { engineerId }, env.tree.asCaller);
    expect((await engineerSignIn(phone, 'Renewed2024')).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('answers NOT_FOUND for engineers of the parent and the sibling, changing nothing', async () => {
    for (const owner of [env.tree.P, env.tree.B]) {
      const phone = freshPhone();
      const engineerId = await insertEngineer(env.t.db, {
        ownerDealerId: owner,
        phone,
        name: 'Foreign',
        password: PASSWORD,
      });
      const before = await env.t.db
        .selectFrom('engineers')
        .innerJoin('users', 'users.id', 'engineers.user_id')
        .selectAll()
        .where('user_id', '=', engineerId)
        .executeTakeFirstOrThrow();
      const bodies = [
        [updateEngineer, { engineerId, name: 'x', phone: freshPhone(), email: '', notes: '', enabled: false }],
        [resetEngineerPassword, { engineerId, password: 'Hijack123', confirmPassword: 'Hijack123' }],
        [lockEngineer, { engineerId }],
        [unlockEngineer, { engineerId }],
        [deleteEngineer, { engineerId }],
      ] as const;
      for (const [def, input] of bodies)
        expect((await call(env.t.app, def, input, env.tree.asCaller)).body.error_code, def.path).toBe(
          ErrorCode.NOT_FOUND,
        );
      expect(
        await env.t.db
          .selectFrom('engineers')
          .innerJoin('users', 'users.id', 'engineers.user_id')
          .selectAll()
          .where('user_id', '=', engineerId)
          .executeTakeFirstOrThrow(),
      ).toEqual(before);
      expect((await engineerSignIn(phone)).body.error_code).toBe(0);
    }
  });
});

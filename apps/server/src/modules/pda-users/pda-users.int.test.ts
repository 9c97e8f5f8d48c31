import {
  ErrorCode,
  addPdaUser,
  deletePdaUser,
  listPdaUsers,
  lockPdaUser,
  login,
  resetPdaUserPassword,
  unlockPdaUser,
  updatePdaUser,
  type PdaUser,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDepartment, insertPdaUser } from '../../db/seed/people-records.ts';
import { call, digest, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildPeopleTree, freshLoginName, type PeopleTree } from '../../../test/people-setup.ts';

let t: TestApp;
let tree: PeopleTree;
let department: string;
let childDepartment: string;
beforeAll(async () => {
  t = await startTestApp();
  tree = await buildPeopleTree(t);
  department = await insertDepartment(t.db, {
    ownerDealerId: tree.A,
    code: 'ZZ-01',
    name: '总装一车间',
    productionBase: '佛山',
  });
  childDepartment = await insertDepartment(t.db, {
    ownerDealerId: tree.A1,
    code: 'ZZ-02',
    name: '总装二车间',
    productionBase: '佛山',
  });
});
afterAll(async () => t.close());

const PASSWORD = 'Pda2024ok';
const pdaBody = (extra: Record<string, unknown> = {}) => ({
  userName: freshLoginName(),
  realName: '李明',
  email: '',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  departmentId: department,
  ...extra,
});
/** PDA handhelds sign in with the console's login call and loginSource 'pda'. */
const pdaSignIn = (userName: string, password = PASSWORD) =>
  call<{ xtoken: string | null }>(t.app, login, { name: userName, password: digest(password), loginSource: 'pda' });

describe('PDA users', () => {
  it('creates a PDA user in a department; it signs in on a PDA by user name, not on the console', async () => {
    const input = pdaBody({ email: 'liming@example.com' });
    const added = await call<PdaUser>(t.app, addPdaUser, input, tree.asCaller);
    expect(added.body.objectResult).toMatchObject({
      userName: input.userName,
      realName: '李明',
      email: 'liming@example.com',
      departmentId: department,
      departmentName: '总装一车间',
      ownerDealerId: tree.A,
      locked: false,
    });
    expect((await pdaSignIn(input.userName)).body.objectResult?.xtoken).toBeTruthy();
    const console = await call(t.app, login, { name: input.userName, password: digest(PASSWORD) });
    expect(console.body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it("refuses a user name another PDA user has ('user name already exists') and bad fields", async () => {
    const input = pdaBody();
    await call(t.app, addPdaUser, input, tree.asCaller);
    const taken = await call(t.app, addPdaUser, pdaBody({ userName: input.userName }), tree.asCaller);
    expect(taken.body).toEqual({
      error_code: ErrorCode.USER_NAME_EXISTS,
      error_msg: 'User name already exists',
      objectResult: null,
    });
    const badName = await call(t.app, addPdaUser, pdaBody({ userName: 'a b' }), tree.asCaller);
    expect(badName.body.error_msg).toContain('The user name is 4-20 letters, digits or underscores');
    const badEmail = await call(t.app, addPdaUser, pdaBody({ email: 'x@' }), { ...tree.asCaller, language: 'zh_CN' });
    expect(badEmail.body.error_msg).toContain('邮箱格式不正确');
  });

  it('edits the PDA user and moves it to a department of a sub-dealer (its owner follows)', async () => {
    const pdaUserId = await insertPdaUser(t.db, {
      departmentId: department,
      userName: freshLoginName(),
      realName: '王强',
      password: PASSWORD,
    });
    const userName = freshLoginName();
    const edited = await call<PdaUser>(
      t.app,
      updatePdaUser,
      { pdaUserId, userName, realName: '王强强', email: 'wq@example.com', departmentId: childDepartment },
      tree.asCaller,
    );
    expect(edited.body.objectResult).toMatchObject({
      userName,
      realName: '王强强',
      departmentName: '总装二车间',
      ownerDealerId: tree.A1,
    });
    const filtered = await call<{ list: PdaUser[] }>(
      t.app,
      listPdaUsers,
      { departmentId: childDepartment },
      tree.asCaller,
    );
    expect(filtered.body.objectResult!.list.map((entry) => entry.pdaUserId)).toContain(pdaUserId);
  });

  it('lock, unlock and reset password act on PDA sign-in', async () => {
    const userName = freshLoginName();
    const pdaUserId = await insertPdaUser(t.db, {
      departmentId: department,
      userName,
      realName: '周婷',
      password: PASSWORD,
    });
    await call(t.app, lockPdaUser, { pdaUserId }, tree.asCaller);
    expect((await pdaSignIn(userName)).body).toMatchObject({
      error_code: ErrorCode.ACCOUNT_LOCKED,
      error_msg: 'This account has been locked',
    });
    await call(t.app, unlockPdaUser, { pdaUserId }, tree.asCaller);
    expect((await pdaSignIn(userName)).body.error_code).toBe(0);
    await call(
      t.app,
      resetPdaUserPassword,
      { pdaUserId, password: 'Fresh2024x', confirmPassword: 'Fresh2024x' },
      tree.asCaller,
    );
    expect((await pdaSignIn(userName, 'Fresh2024x')).body.error_code).toBe(0);
    expect((await pdaSignIn(userName)).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('sorts by user name and pages', async () => {
    const prefix = `srt${Date.now().toString(36)}`;
    for (const suffix of ['c', 'a', 'b'])
      await insertPdaUser(t.db, {
        departmentId: department,
        userName: `${prefix}_${suffix}`,
        realName: 'Sorted',
        password: PASSWORD,
      });
    const page = await call<{ list: PdaUser[]; totalSize: number }>(
      t.app,
      listPdaUsers,
      { userName: prefix, sortField: 'userName', sortOrder: 'ascend', pageSize: 2 },
      tree.asCaller,
    );
    expect(page.body.objectResult!.totalSize).toBe(3);
    expect(page.body.objectResult!.list.map((entry) => entry.userName)).toEqual([`${prefix}_a`, `${prefix}_b`]);
  });

  it('answers NOT_FOUND for PDA users of the parent and the sibling and for a foreign department, changing nothing', async () => {
    for (const owner of [tree.P, tree.B]) {
      const foreignDepartment = await insertDepartment(t.db, {
        ownerDealerId: owner,
        code: `F-${owner}`,
        name: 'Foreign',
        productionBase: 'Elsewhere',
      });
      const pdaUserId = await insertPdaUser(t.db, {
        departmentId: foreignDepartment,
        userName: freshLoginName(),
        realName: 'Foreign',
        password: PASSWORD,
      });
      const before = await t.db.selectFrom('users').selectAll().where('id', '=', pdaUserId).executeTakeFirstOrThrow();
      const bodies = [
        [updatePdaUser, { pdaUserId, userName: freshLoginName(), realName: 'x', email: '', departmentId: department }],
        [resetPdaUserPassword, { pdaUserId, password: 'Hijack123', confirmPassword: 'Hijack123' }],
        [lockPdaUser, { pdaUserId }],
        [unlockPdaUser, { pdaUserId }],
        [deletePdaUser, { pdaUserId }],
      ] as const;
      for (const [def, input] of bodies)
        expect((await call(t.app, def, input, tree.asCaller)).body.error_code, def.path).toBe(ErrorCode.NOT_FOUND);
      expect(await t.db.selectFrom('users').selectAll().where('id', '=', pdaUserId).executeTakeFirstOrThrow()).toEqual(
        before,
      );
      // Moving an own PDA user into a foreign department is refused too.
      const own = await insertPdaUser(t.db, {
        departmentId: department,
        userName: freshLoginName(),
        realName: 'Own',
        password: PASSWORD,
      });
      const moved = await call(
        t.app,
        updatePdaUser,
        { pdaUserId: own, userName: freshLoginName(), realName: 'Own', email: '', departmentId: foreignDepartment },
        tree.asCaller,
      );
      expect(moved.body.error_code).toBe(ErrorCode.NOT_FOUND);
      const list = await call<{ totalSize: number }>(
        t.app,
        listPdaUsers,
        { departmentId: foreignDepartment },
        tree.asCaller,
      );
      expect(list.body.objectResult!.totalSize).toBe(0);
    }
  });
});

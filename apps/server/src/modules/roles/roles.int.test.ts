import {
  addDealers,
  Button,
  dealersDetail,
  ErrorCode,
  listMembers,
  listRoles,
  roleAdd,
  roleDelete,
  roleEdit,
  type RoleItem,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';
import { insertMember, insertRole } from '../../db/seed/people.ts';
import { newMember, newUser } from '../../../test/factories.ts';

let t: TestApp;
let tree: MatrixTree;
let as: { sessionid: string; dealersId: string };

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  as = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
});
afterAll(async () => t.close());

const role = {
  roleName: 'Service desk',
  description: 'Handles devices',
  viewLevelMax: 3,
  faultLevels: [2, 0, 2],
  buttonIds: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES],
};

describe('roles', () => {
  it('adds, lists and edits a role of the current company', async () => {
    const added = await call<{ roleId: string; faultLevels: number[]; buttonIds: string[]; viewLevelMax: number }>(
      t.app,
      roleAdd,
      role,
      as,
    );
    expect(added.body.objectResult).toMatchObject({
      faultLevels: [0, 2],
      viewLevelMax: 3,
      buttonIds: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES],
    });
    const listed = await call<{ list: Array<{ roleId: string }> }>(t.app, listRoles, { roleName: 'service' }, as);
    expect(listed.body.objectResult?.list.map((item) => item.roleId)).toEqual([added.body.objectResult!.roleId]);
    const edited = await call<{ roleName: string; buttonIds: string[] }>(
      t.app,
      roleEdit,
      {
        ...role,
        roleId: added.body.objectResult!.roleId,
        version: 1,
        roleName: 'Front desk',
        buttonIds: [Button.HOME],
      },
      as,
    );
    expect(edited.body.objectResult).toMatchObject({ roleName: 'Front desk', buttonIds: [Button.HOME], version: 2 });
  });

  it("refuses empty contents with the spec's message in both languages", async () => {
    for (const body of [
      { ...role, roleName: '  ' },
      { ...role, buttonIds: [] },
    ]) {
      expect((await call(t.app, roleAdd, body, as)).body).toMatchObject({
        error_code: ErrorCode.ROLE_CONTENT_EMPTY,
        error_msg: 'The contents are not filled in',
      });
    }
    expect((await call(t.app, roleAdd, { ...role, roleName: '' }, { ...as, language: 'zh_CN' })).body.error_msg).toBe(
      '内容未填写完整',
    );
    expect((await call(t.app, roleAdd, { ...role, viewLevelMax: 6 }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect((await call(t.app, roleAdd, { ...role, faultLevels: [4] }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect((await call(t.app, roleAdd, { ...role, dealerId: '1' }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('refuses buttons the caller does not hold', async () => {
    const limitedRole = await insertRole(t.db, {
      dealerId: tree.caller.dealerId,
      name: 'Role admin',
      buttons: [Button.DEALER_MANAGE, Button.ROLES, Button.HOME],
    });
    const limited = await newUser(t.db);
    await insertMember(t.db, { dealerId: tree.caller.dealerId, userId: limited.id, roleIds: [limitedRole] });
    const limitedAs = { sessionid: await loginAs(t.app, limited.phone), dealersId: tree.caller.dealerId };
    expect((await call(t.app, roleAdd, { ...role, buttonIds: [Button.HOME] }, limitedAs)).body.error_code).toBe(0);
    expect((await call(t.app, roleAdd, role, limitedAs)).body.error_code).toBe(ErrorCode.BUTTON_NOT_HELD);
    expect((await call(t.app, roleAdd, { ...role, buttonIds: ['NOPE'] }, limitedAs)).body.error_code).toBe(
      ErrorCode.BUTTON_NOT_HELD,
    );
  });

  it("takes effect on the member's very next call", async () => {
    const memberRole = await insertRole(t.db, {
      dealerId: tree.caller.dealerId,
      name: 'Members',
      buttons: [Button.DEALER_MANAGE, Button.MEMBERS],
    });
    const user = await newUser(t.db);
    await insertMember(t.db, { dealerId: tree.caller.dealerId, userId: user.id, roleIds: [memberRole] });
    const memberAs = { sessionid: await loginAs(t.app, user.phone), dealersId: tree.caller.dealerId };
    expect((await call(t.app, listMembers, {}, memberAs)).body.error_code).toBe(0);
    const edit = {
      roleId: memberRole,
      roleName: 'Members',
      viewLevelMax: 1,
      buttonIds: [Button.DEALER_MANAGE],
      version: 1,
    };
    expect((await call(t.app, roleEdit, edit, as)).body.error_code).toBe(0);
    expect((await call(t.app, listMembers, {}, memberAs)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    const log = await t.db.selectFrom('account_log').select('action').where('user_id', '=', user.id).execute();
    expect(log.map((row) => row.action)).toContain('roleChanged');
    expect(
      (await call(t.app, roleEdit, { ...edit, version: 2, buttonIds: [Button.DEALER_MANAGE, Button.MEMBERS] }, as)).body
        .error_code,
    ).toBe(0);
    expect((await call(t.app, listMembers, {}, memberAs)).body.error_code).toBe(0);
  });

  it('refuses an edit made on a stale version: the first edit stays, the second is told to reload', async () => {
    const added = await call<{ roleId: string; version: number }>(t.app, roleAdd, role, as);
    const loaded = added.body.objectResult!;
    expect(loaded.version).toBe(1);
    const first = await call(
      t.app,
      roleEdit,
      { ...role, roleId: loaded.roleId, version: loaded.version, roleName: 'First editor', buttonIds: [Button.HOME] },
      as,
    );
    expect(first.body).toMatchObject({ error_code: 0, objectResult: { roleName: 'First editor', version: 2 } });
    const second = await call(
      t.app,
      roleEdit,
      { ...role, roleId: loaded.roleId, version: loaded.version, roleName: 'Second editor' },
      as,
    );
    expect(second.body).toEqual({
      error_code: ErrorCode.STALE_VERSION,
      error_msg: 'This record was changed by someone else in the meantime. Reload it and make your change again.',
      objectResult: null,
    });
    expect(
      (
        await call(
          t.app,
          roleEdit,
          { ...role, roleId: loaded.roleId, version: loaded.version },
          { ...as, language: 'zh_CN' },
        )
      ).body.error_msg,
    ).toBe('该记录已被他人修改，请刷新后重新修改');
    const stored = await call<{ list: Array<{ roleName: string; buttonIds: string[]; version: number }> }>(
      t.app,
      listRoles,
      { roleName: 'First editor' },
      as,
    );
    expect(stored.body.objectResult?.list).toEqual([
      expect.objectContaining({ roleName: 'First editor', buttonIds: [Button.HOME], version: 2 }),
    ]);
    expect(
      (await call(t.app, roleEdit, { ...role, roleId: loaded.roleId, roleName: 'No version' }, as)).body.error_code,
    ).toBe(ErrorCode.BAD_REQUEST);
  });

  it('deletes a role nobody holds and refuses one in use', async () => {
    expect((await call(t.app, roleDelete, { roleId: tree.caller.roleId }, as)).body).toMatchObject({
      error_code: ErrorCode.ROLE_IN_USE,
    });
    const spare = await insertRole(t.db, { dealerId: tree.caller.dealerId, name: 'Spare', buttons: [Button.HOME] });
    expect((await call(t.app, roleDelete, { roleId: spare }, as)).body.error_code).toBe(0);
    expect((await call(t.app, roleDelete, { roleId: spare }, as)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(t.app, roleDelete, { roleId: 'abc' }, as)).body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});

let serial = 0;
const dealerFields = () => {
  serial += 1;
  return {
    dealersName: `Builtin test ${serial}`,
    dealersCode: `BUILTIN-${serial}`,
    contactName: 'Li',
    contactPhone: `1370000${String(5000 + serial)}`,
    provinceCode: '440000',
    cityCode: '440100',
    parentId: tree.caller.dealerId,
  };
};

type Detail = {
  members: { list: Array<{ roles: Array<{ roleId: string; roleName: string; builtin: string | null }> }> };
};

/** Adds a dealer in `language` and answers the id of the administrator role it was made with. */
async function addDealerIn(language: string): Promise<{ dealerId: string; roleId: string }> {
  const added = await call<{ dealer: { dealersId: string } }>(t.app, addDealers, dealerFields(), { ...as, language });
  expect(added.body.error_code, JSON.stringify(added.body)).toBe(0);
  const dealerId = added.body.objectResult!.dealer.dealersId;
  const detail = await call<Detail>(t.app, dealersDetail, { id: dealerId }, as);
  const role = detail.body.objectResult!.members.list[0]!.roles[0]!;
  expect(role.builtin).toBe('admin');
  return { dealerId, roleId: role.roleId };
}

/** The roles of a company, as a member of it holding the role pages lists them. */
async function rolesOf(dealerId: string, roleName = ''): Promise<RoleItem[]> {
  const user = await newUser(t.db);
  await newMember(t.db, dealerId, user.id, [Button.HOME, Button.DEALER_MANAGE, Button.ROLES]);
  const sessionid = await loginAs(t.app, user.phone);
  return (await call<{ list: RoleItem[] }>(t.app, listRoles, { roleName }, { sessionid, dealersId: dealerId })).body
    .objectResult!.list;
}

describe('the built-in administrator role', () => {
  it('is stored as built-in whatever the creator’s language, not as the creator’s words', async () => {
    for (const language of ['zh_CN', 'en_US']) {
      const { roleId } = await addDealerIn(language);
      const row = await t.db
        .selectFrom('roles')
        .select(['name', 'builtin'])
        .where('id', '=', roleId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Administrator', builtin: 'admin' });
    }
  });

  it('answers as built-in in the role list and is found by its name in either language', async () => {
    const { dealerId, roleId } = await addDealerIn('zh_CN');
    expect((await rolesOf(dealerId)).find((role) => role.roleId === roleId)).toMatchObject({ builtin: 'admin' });
    for (const search of ['管理', 'admin'])
      expect((await rolesOf(dealerId, search)).map((role) => role.roleId)).toContain(roleId);
    expect((await rolesOf(dealerId, 'nobody')).map((role) => role.roleId)).not.toContain(roleId);
  });

  it('stays built-in when an edit sends its shown name back, and becomes the typed name when renamed', async () => {
    const { roleId } = await addDealerIn('en_US');
    const edit = { roleId, description: '', viewLevelMax: 5, faultLevels: [0], buttonIds: [Button.HOME] };
    const kept = await call<RoleItem>(
      t.app,
      roleEdit,
      { ...edit, roleName: '管理员', version: 1 },
      { ...as, language: 'zh_CN' },
    );
    expect(kept.body.objectResult, JSON.stringify(kept.body)).toMatchObject({ builtin: 'admin', version: 2 });
    const renamed = await call<RoleItem>(t.app, roleEdit, { ...edit, roleName: 'Head office', version: 2 }, as);
    expect(renamed.body.objectResult).toMatchObject({ roleName: 'Head office', builtin: null, version: 3 });
  });

  it('is not what a typed built-in name makes: such a role keeps the name as typed, beside the built-in one', async () => {
    const body = { description: '', viewLevelMax: 1, faultLevels: [], buttonIds: [Button.HOME] };
    for (const roleName of ['管理员', 'Administrator']) {
      const added = await call<RoleItem>(t.app, roleAdd, { ...body, roleName }, as);
      expect(added.body.objectResult).toMatchObject({ roleName, builtin: null });
    }
  });
});

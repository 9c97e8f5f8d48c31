import { Button, ErrorCode, listMembers, listRoles, roleAdd, roleDelete, roleEdit } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';
import { insertMember, insertRole } from '../../db/seed/people.ts';
import { newUser } from '../../../test/factories.ts';

let t: TestApp;
let tree: MatrixTree;
let as: { sessionid: string; dealersId: string };

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  as = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
});
afterAll(async () => t.close());

const role = { roleName: 'Service desk', description: 'Handles devices', viewLevelMax: 3, faultLevels: [2, 0, 2], buttonIds: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES] };

describe('roles', () => {
  it('adds, lists and edits a role of the current company', async () => {
    const added = await call<{ roleId: string; faultLevels: number[]; buttonIds: string[]; viewLevelMax: number }>(t.app, roleAdd, role, as);
    expect(added.body.objectResult).toMatchObject({ faultLevels: [0, 2], viewLevelMax: 3, buttonIds: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES] });
    const listed = await call<{ list: Array<{ roleId: string }> }>(t.app, listRoles, { roleName: 'service' }, as);
    expect(listed.body.objectResult?.list.map((item) => item.roleId)).toEqual([added.body.objectResult!.roleId]);
    const edited = await call<{ roleName: string; buttonIds: string[] }>(t.app, roleEdit, { ...role, roleId: added.body.objectResult!.roleId, version: 1, roleName: 'Front desk', buttonIds: [Button.HOME] }, as);
    expect(edited.body.objectResult).toMatchObject({ roleName: 'Front desk', buttonIds: [Button.HOME], version: 2 });
  });

  it("refuses empty contents with the spec's message in both languages", async () => {
    for (const body of [{ ...role, roleName: '  ' }, { ...role, buttonIds: [] }]) {
      expect((await call(t.app, roleAdd, body, as)).body).toMatchObject({ error_code: ErrorCode.ROLE_CONTENT_EMPTY, error_msg: 'The contents are not filled in' });
    }
    expect((await call(t.app, roleAdd, { ...role, roleName: '' }, { ...as, language: 'zh_CN' })).body.error_msg).toBe('内容未填写完整');
    expect((await call(t.app, roleAdd, { ...role, viewLevelMax: 6 }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect((await call(t.app, roleAdd, { ...role, faultLevels: [4] }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect((await call(t.app, roleAdd, { ...role, dealerId: '1' }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('refuses buttons the caller does not hold', async () => {
    const limitedRole = await insertRole(t.db, { dealerId: tree.caller.dealerId, name: 'Role admin', buttons: [Button.DEALER_MANAGE, Button.ROLES, Button.HOME] });
    const limited = await newUser(t.db);
    await insertMember(t.db, { dealerId: tree.caller.dealerId, userId: limited.id, roleIds: [limitedRole] });
    const limitedAs = { sessionid: await loginAs(t.app, limited.phone), dealersId: tree.caller.dealerId };
    expect((await call(t.app, roleAdd, { ...role, buttonIds: [Button.HOME] }, limitedAs)).body.error_code).toBe(0);
    expect((await call(t.app, roleAdd, role, limitedAs)).body.error_code).toBe(ErrorCode.BUTTON_NOT_HELD);
    expect((await call(t.app, roleAdd, { ...role, buttonIds: ['NOPE'] }, limitedAs)).body.error_code).toBe(ErrorCode.BUTTON_NOT_HELD);
  });

  it("takes effect on the member's very next call", async () => {
    const memberRole = await insertRole(t.db, { dealerId: tree.caller.dealerId, name: 'Members', buttons: [Button.DEALER_MANAGE, Button.MEMBERS] });
    const user = await newUser(t.db);
    await insertMember(t.db, { dealerId: tree.caller.dealerId, userId: user.id, roleIds: [memberRole] });
    const memberAs = { sessionid: await loginAs(t.app, user.phone), dealersId: tree.caller.dealerId };
    expect((await call(t.app, listMembers, {}, memberAs)).body.error_code).toBe(0);
    const edit = { roleId: memberRole, roleName: 'Members', viewLevelMax: 1, buttonIds: [Button.DEALER_MANAGE], version: 1 };
    expect((await call(t.app, roleEdit, edit, as)).body.error_code).toBe(0);
    expect((await call(t.app, listMembers, {}, memberAs)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    const log = await t.db.selectFrom('account_log').select('action').where('user_id', '=', user.id).execute();
    expect(log.map((row) => row.action)).toContain('roleChanged');
    expect((await call(t.app, roleEdit, { ...edit, version: 2, buttonIds: [Button.DEALER_MANAGE, Button.MEMBERS] }, as)).body.error_code).toBe(0);
    expect((await call(t.app, listMembers, {}, memberAs)).body.error_code).toBe(0);
  });

  it('refuses an edit made on a stale version: the first edit stays, the second is told to reload', async () => {
    const added = await call<{ roleId: string; version: number }>(t.app, roleAdd, role, as);
    const loaded = added.body.objectResult!;
    expect(loaded.version).toBe(1);
    const first = await call(t.app, roleEdit, { ...role, roleId: loaded.roleId, version: loaded.version, roleName: 'First editor', buttonIds: [Button.HOME] }, as);
    expect(first.body).toMatchObject({ error_code: 0, objectResult: { roleName: 'First editor', version: 2 } });
    const second = await call(t.app, roleEdit, { ...role, roleId: loaded.roleId, version: loaded.version, roleName: 'Second editor' }, as);
    expect(second.body).toEqual({ error_code: ErrorCode.STALE_VERSION, error_msg: 'This record was changed by someone else in the meantime. Reload it and make your change again.', objectResult: null });
    expect((await call(t.app, roleEdit, { ...role, roleId: loaded.roleId, version: loaded.version }, { ...as, language: 'zh_CN' })).body.error_msg).toBe('该记录已被他人修改，请刷新后重新修改');
    const stored = await call<{ list: Array<{ roleName: string; buttonIds: string[]; version: number }> }>(t.app, listRoles, { roleName: 'First editor' }, as);
    expect(stored.body.objectResult?.list).toEqual([expect.objectContaining({ roleName: 'First editor', buttonIds: [Button.HOME], version: 2 })]);
    expect((await call(t.app, roleEdit, { ...role, roleId: loaded.roleId, roleName: 'No version' }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('deletes a role nobody holds and refuses one in use', async () => {
    expect((await call(t.app, roleDelete, { roleId: tree.caller.roleId }, as)).body).toMatchObject({ error_code: ErrorCode.ROLE_IN_USE });
    const spare = await insertRole(t.db, { dealerId: tree.caller.dealerId, name: 'Spare', buttons: [Button.HOME] });
    expect((await call(t.app, roleDelete, { roleId: spare }, as)).body.error_code).toBe(0);
    expect((await call(t.app, roleDelete, { roleId: spare }, as)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(t.app, roleDelete, { roleId: 'abc' }, as)).body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});

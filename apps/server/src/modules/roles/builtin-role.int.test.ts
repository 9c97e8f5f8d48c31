import { addDealers, Button, dealersDetail, listRoles, roleAdd, roleEdit, type RoleItem } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';
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

let serial = 0;
const dealerFields = () => {
  serial += 1;
  return { dealersName: `Builtin test ${serial}`, dealersCode: `BUILTIN-${serial}`, contactName: 'Li', contactPhone: `1370000${String(5000 + serial)}`, provinceCode: '440000', cityCode: '440100', parentId: tree.caller.dealerId };
};

type Detail = { members: { list: Array<{ roles: Array<{ roleId: string; roleName: string; builtin: string | null }> }> } };

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
  return (await call<{ list: RoleItem[] }>(t.app, listRoles, { roleName }, { sessionid, dealersId: dealerId })).body.objectResult!.list;
}

describe('the built-in administrator role', () => {
  it('is stored as built-in whatever the creator’s language, not as the creator’s words', async () => {
    for (const language of ['zh_CN', 'en_US']) {
      const { roleId } = await addDealerIn(language);
      const row = await t.db.selectFrom('roles').select(['name', 'builtin']).where('id', '=', roleId).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Administrator', builtin: 'admin' });
    }
  });

  it('answers as built-in in the role list and is found by its name in either language', async () => {
    const { dealerId, roleId } = await addDealerIn('zh_CN');
    expect((await rolesOf(dealerId)).find((role) => role.roleId === roleId)).toMatchObject({ builtin: 'admin' });
    for (const search of ['管理', 'admin']) expect((await rolesOf(dealerId, search)).map((role) => role.roleId)).toContain(roleId);
    expect((await rolesOf(dealerId, 'nobody')).map((role) => role.roleId)).not.toContain(roleId);
  });

  it('stays built-in when an edit sends its shown name back, and becomes the typed name when renamed', async () => {
    const { roleId } = await addDealerIn('en_US');
    const edit = { roleId, description: '', viewLevelMax: 5, faultLevels: [0], buttonIds: [Button.HOME] };
    const kept = await call<RoleItem>(t.app, roleEdit, { ...edit, roleName: '管理员', version: 1 }, { ...as, language: 'zh_CN' });
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

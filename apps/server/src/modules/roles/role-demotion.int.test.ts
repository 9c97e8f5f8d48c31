import { addDealers, Button, ErrorCode, listRoles, roleEdit, type RoleItem } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';

/**
 * Issue 8, item 3 through the role editor: taking buttons away from a role demotes every member
 * holding it, so the member rule applies to each holder (the company's admin included).
 */
let t: TestApp;
let tree: MatrixTree;
let creator: { sessionid: string; dealersId: string };
let admin: { sessionid: string; dealersId: string };
let adminRole: RoleItem;

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  creator = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
  const contactPhone = `186${String(Date.now() % 1e8).padStart(8, '0')}`;
  const added = await call<{ dealer: { dealersId: string }; adminPassword: string }>(
    t.app,
    addDealers,
    {
      dealersName: 'Role demotion check',
      dealersCode: `RD-${Date.now().toString(36)}`,
      contactName: 'Qian Yu',
      contactPhone,
      provinceCode: '130000',
      cityCode: '130100',
    },
    creator,
  );
  expect(added.body.error_code, JSON.stringify(added.body)).toBe(0);
  const dealersId = added.body.objectResult!.dealer.dealersId;
  admin = { sessionid: await loginAs(t.app, contactPhone, added.body.objectResult!.adminPassword), dealersId };
  adminRole = await currentAdminRole();
});
afterAll(async () => t.close());

/** The admin role made with the new company (its first role), as its admin reads it. */
async function currentAdminRole(): Promise<RoleItem> {
  const listed = await call<{ list: RoleItem[] }>(t.app, listRoles, { roleName: '' }, admin);
  const roles = listed.body.objectResult!.list;
  return roles.find((role) => role.roleId === adminRole?.roleId) ?? roles[roles.length - 1]!;
}

const editOf = (role: RoleItem, buttonIds: string[]) => ({
  roleId: role.roleId,
  version: role.version,
  roleName: role.roleName,
  description: role.description,
  viewLevelMax: role.viewLevelMax,
  faultLevels: role.faultLevels,
  buttonIds,
});

describe("a role held by the company's admin", () => {
  it('cannot lose buttons through a member of the company who holds the role editor but fewer buttons', async () => {
    const user = await newUser(t.db);
    await newMember(t.db, admin.dealersId, user.id, [Button.HOME, Button.DEALER_MANAGE, Button.ROLES]);
    const member = { sessionid: await loginAs(t.app, user.phone), dealersId: admin.dealersId };
    const answer = await call(t.app, roleEdit, editOf(adminRole, [Button.HOME]), member);
    expect(answer.body.error_code).toBe(ErrorCode.TARGET_OUTRANKS);
    expect((await currentAdminRole()).buttonIds).toEqual(adminRole.buttonIds);
  });

  it('cannot lose buttons through the admin itself, inside its own company', async () => {
    const fewer = adminRole.buttonIds.filter((id) => id !== Button.DEALERS);
    const answer = await call(t.app, roleEdit, editOf(adminRole, fewer), admin);
    expect(answer.body.error_code).toBe(ErrorCode.COMPANY_ADMIN_PROTECTED);
    expect((await currentAdminRole()).buttonIds).toEqual(adminRole.buttonIds);
  });

  it('may be renamed inside the company, and lose buttons only from the company above', async () => {
    const renamed = await call<RoleItem>(
      t.app,
      roleEdit,
      { ...editOf(adminRole, adminRole.buttonIds), roleName: 'Company admin' },
      admin,
    );
    expect(renamed.body.error_code, JSON.stringify(renamed.body)).toBe(0);
    const fewer = adminRole.buttonIds.filter((id) => id !== Button.DEALERS);
    const answer = await call<RoleItem>(t.app, roleEdit, editOf(renamed.body.objectResult!, fewer), creator);
    expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.objectResult!.buttonIds).not.toContain(Button.DEALERS);
  });
});

import {
  addButton,
  addDealers,
  addNotice,
  addSeries,
  Button,
  CATALOG_WRITES,
  deleteButton,
  deleteNotice,
  ErrorCode,
  getAllButtonRoles,
  getButtonTree,
  editMember,
  listMembers,
  listRoles,
  listSeries,
  moveButton,
  parseButtonList,
  PLATFORM_ONLY_BUTTONS,
  renameButton,
  roleAdd,
  roleButtonTree,
  roleEdit,
  updateNotice,
  type ButtonNode,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';
import { newUser } from '../../../test/factories.ts';
import { testScope } from '../../../test/scope.ts';
import { insertMember, insertRole } from '../../db/seed/people.ts';
import { addRole } from './service.ts';

/**
 * Issue 8, item 1: notices, the button tree, the system-management pages and the catalog are shared
 * by every company, so only the level-0 company changes them, whatever buttons a role below holds.
 */
let t: TestApp;
let tree: MatrixTree;
let operator: { sessionid: string; dealersId: string };
/** The admin of a level-1 dealer that the operator added through addDealers. */
let subAdmin: { sessionid: string; dealersId: string };

let sequence = 0;
const dealerFields = () => {
  sequence += 1;
  return {
    dealersName: `Platform check ${sequence}`,
    dealersCode: `PO-${Date.now().toString(36)}-${sequence}`,
    contactName: 'Zhao Lei',
    contactPhone: `187${String(Date.now() % 1e5).padStart(5, '0')}${String(sequence).padStart(3, '0')}`,
    provinceCode: '130000',
    cityCode: '130100',
    address: 'No. 8 Jianshe Road',
    dealersType: 'installer',
  };
};

const noticeCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  operator = { sessionid: await loginAs(t.app, tree.nodes.P.phone), dealersId: tree.nodes.P.dealerId };
  const body = dealerFields();
  const added = await call<{ dealer: { dealersId: string; level: number }; adminPassword: string }>(
    t.app,
    addDealers,
    body,
    operator,
  );
  expect(added.body.error_code, JSON.stringify(added.body)).toBe(0);
  expect(added.body.objectResult!.dealer.level).toBe(1);
  subAdmin = {
    sessionid: await loginAs(t.app, body.contactPhone, added.body.objectResult!.adminPassword),
    dealersId: added.body.objectResult!.dealer.dealersId,
  };
});
afterAll(async () => t.close());

describe('platform-only buttons of a new dealer', () => {
  it("gives a new dealer's admin every button of its creator but the platform-only ones", async () => {
    const held = parseButtonList(
      (
        await call<string>(
          t.app,
          getAllButtonRoles,
          { dealersId: subAdmin.dealersId },
          { sessionid: subAdmin.sessionid },
        )
      ).body.objectResult,
    );
    expect(held).toEqual(expect.arrayContaining([Button.DEALERS, Button.ROLES, Button.PRODUCTS, Button.SERIES]));
    expect(held.filter((id) => (PLATFORM_ONLY_BUTTONS as readonly string[]).includes(id))).toEqual([]);
    const stored = await t.db
      .selectFrom('role_buttons as rb')
      .innerJoin('roles as r', 'r.id', 'rb.role_id')
      .select('rb.button_id')
      .where('r.dealer_id', '=', subAdmin.dealersId)
      .where('rb.button_id', 'in', [...PLATFORM_ONLY_BUTTONS])
      .execute();
    expect(stored).toEqual([]);
  });

  it('does not let the sub-dealer admin add, edit or delete the notices every account reads', async () => {
    const before = await noticeCount();
    for (const [def, payload] of [
      [addNotice, { noticeTitle: 'Takeover_notice', noticeBody: 'Read me' }],
      [updateNotice, { noticeId: '1', noticeTitle: 'Changed_by_sub', noticeBody: 'Body' }],
      [deleteNotice, { noticeId: '1' }],
    ] as const) {
      expect((await call(t.app, def, payload, subAdmin)).body.error_code, def.path).toBe(ErrorCode.PERMISSION_DENIED);
    }
    expect(await noticeCount()).toBe(before);
  });

  it('does not let the sub-dealer admin read the button page or change the shared button tree', async () => {
    for (const [def, payload] of [
      [getButtonTree, {}],
      [addButton, { buttonId: 'B9300', parentId: '', name: 'Sub button' }],
      [renameButton, { buttonId: Button.HOME, name: 'Renamed by sub' }],
      [moveButton, { buttonId: Button.HOME, parentId: Button.DEALER_MANAGE }],
      [deleteButton, { buttonId: Button.FENCE_LOG, deleteWord: Button.FENCE_LOG }],
    ] as const) {
      expect((await call(t.app, def, payload, subAdmin)).body.error_code, def.path).toBe(ErrorCode.PERMISSION_DENIED);
    }
    expect(await t.db.selectFrom('buttons').select('id').where('id', '=', 'B9300').executeTakeFirst()).toBeUndefined();
    // The role form's tree (B170) stays readable, and offers no platform-only button to grant.
    const forRoles = (await call<ButtonNode[]>(t.app, roleButtonTree, {}, subAdmin)).body.objectResult!;
    const grantable = (nodes: readonly ButtonNode[]): string[] =>
      nodes.flatMap((node) => [...(node.grantable ? [node.buttonId] : []), ...grantable(node.children)]);
    expect(grantable(forRoles)).toContain(Button.DEALERS);
    expect(grantable(forRoles).filter((id) => (PLATFORM_ONLY_BUTTONS as readonly string[]).includes(id))).toEqual([]);
  });

  it('answers CATALOG_READ_ONLY to every catalog write of the sub-dealer admin, who still reads the catalog', async () => {
    expect((await call(t.app, listSeries, {}, subAdmin)).body.error_code).toBe(0);
    expect((await call(t.app, addSeries, { seriesName: 'Sub series' }, subAdmin)).body.error_code).toBe(
      ErrorCode.CATALOG_READ_ONLY,
    );
    for (const def of CATALOG_WRITES) {
      expect((await call(t.app, def, {}, subAdmin)).body.error_code, def.path).toBe(ErrorCode.CATALOG_READ_ONLY);
    }
  });
});

describe('the pipeline refuses platform-only calls below the platform, whatever the roles hold', () => {
  it("refuses a member of a sub-dealer who was given a platform company's role holding the notice button", async () => {
    const platformRole = await insertRole(t.db, {
      dealerId: tree.nodes.P.dealerId,
      name: 'Notice desk',
      buttons: [Button.SYSTEM_MANAGE, Button.MESSAGES, Button.PRODUCT_MANAGE, Button.SERIES],
      viewLevelMax: 5,
    });
    const user = await newUser(t.db);
    await insertMember(t.db, { dealerId: tree.nodes.A.dealerId, userId: user.id, roleIds: [platformRole] });
    const as = { sessionid: await loginAs(t.app, user.phone), dealersId: tree.nodes.A.dealerId };
    const before = await noticeCount();
    expect(
      (await call(t.app, addNotice, { noticeTitle: 'Assigned_notice', noticeBody: 'Read me' }, as)).body.error_code,
    ).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await call(t.app, addSeries, { seriesName: 'Assigned series' }, as)).body.error_code).toBe(
      ErrorCode.CATALOG_READ_ONLY,
    );
    expect(await noticeCount()).toBe(before);
    // The same role works in the platform company itself.
    await insertMember(t.db, { dealerId: tree.nodes.P.dealerId, userId: user.id, roleIds: [platformRole] });
    expect(
      (
        await call(
          t.app,
          addNotice,
          { noticeTitle: 'Platform_notice', noticeBody: 'Read me' },
          { ...as, dealersId: tree.nodes.P.dealerId },
        )
      ).body.error_code,
    ).toBe(0);
  });

  it('keeps the database from giving a platform-only button to a role below the platform', async () => {
    const roleId = await insertRole(t.db, {
      dealerId: tree.nodes.A.dealerId,
      name: 'Direct insert',
      buttons: [Button.HOME],
    });
    await expect(
      t.db.insertInto('role_buttons').values({ role_id: roleId, button_id: Button.MESSAGES }).execute(),
    ).rejects.toThrow(/level-0 company/);
    const platformRoleId = await insertRole(t.db, {
      dealerId: tree.nodes.P.dealerId,
      name: 'Direct insert',
      buttons: [Button.HOME],
    });
    await t.db.insertInto('role_buttons').values({ role_id: platformRoleId, button_id: Button.MESSAGES }).execute();
  });
});

describe('role forms refuse platform-only buttons below the platform', () => {
  const role = {
    roleName: 'Desk',
    description: '',
    viewLevelMax: 1,
    faultLevels: [],
    buttonIds: [Button.HOME, Button.MESSAGES],
  };

  it('refuses them in a role added or edited by the sub-dealer admin, in both languages', async () => {
    const added = await call(t.app, roleAdd, role, subAdmin);
    expect(added.body).toEqual({
      error_code: ErrorCode.BUTTON_PLATFORM_ONLY,
      error_msg: `Only the platform company can hold these permissions: ${Button.MESSAGES}`,
      objectResult: null,
    });
    expect((await call(t.app, roleAdd, role, { ...subAdmin, language: 'zh_CN' })).body.error_msg).toBe(
      `只有平台公司可以拥有这些权限：${Button.MESSAGES}`,
    );
    const own = (await call<{ list: Array<{ roleId: string; version: number }> }>(t.app, listRoles, {}, subAdmin)).body
      .objectResult!.list[0]!;
    const edited = await call(
      t.app,
      roleEdit,
      { ...role, roleId: own.roleId, version: own.version, buttonIds: [Button.HOME, Button.SYSTEM_MANAGE] },
      subAdmin,
    );
    expect(edited.body.error_code).toBe(ErrorCode.BUTTON_PLATFORM_ONLY);
  });

  it("refuses them when the platform operator edits a sub-dealer's role, and grants them in the platform's own roles", async () => {
    const own = (await call<{ list: Array<{ roleId: string; version: number }> }>(t.app, listRoles, {}, subAdmin)).body
      .objectResult!.list[0]!;
    expect(
      (await call(t.app, roleEdit, { ...role, roleId: own.roleId, version: own.version }, operator)).body.error_code,
    ).toBe(ErrorCode.BUTTON_PLATFORM_ONLY);
    const platformRole = await call<{ buttonIds: string[] }>(t.app, roleAdd, role, operator);
    expect(platformRole.body.objectResult?.buttonIds).toEqual(expect.arrayContaining([Button.MESSAGES]));
  });

  it('refuses a platform role (viewable by levels below) given to a member of a company below the platform', async () => {
    const platformRole = await call<{ roleId: string }>(
      t.app,
      roleAdd,
      { ...role, roleName: 'Notice desk', viewLevelMax: 5 },
      operator,
    );
    expect(platformRole.body.error_code, JSON.stringify(platformRole.body)).toBe(0);
    const members = await call<{
      list: Array<{ memberId: string; version: number; dealersId: string; roles: Array<{ roleId: string }> }>;
    }>(t.app, listMembers, { ownerId: subAdmin.dealersId }, operator);
    const member = members.body.objectResult!.list.find((item) => item.dealersId === subAdmin.dealersId)!;
    const body = {
      memberId: member.memberId,
      version: member.version,
      roleIds: [platformRole.body.objectResult!.roleId],
    };
    const answer = await call(t.app, editMember, body, operator);
    expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(ErrorCode.BUTTON_PLATFORM_ONLY);
    const held = await t.db
      .selectFrom('member_roles')
      .select('role_id')
      .where('member_id', '=', member.memberId)
      .execute();
    expect(held.map((row) => row.role_id)).toEqual(member.roles.map((item) => item.roleId));
  });

  it('refuses them in the role service itself, called with the scope of a company below the platform', async () => {
    const scope = await testScope(t.db, tree.nodes.A.dealerId);
    const actor = { userId: tree.nodes.A.userId, ip: '127.0.0.1' };
    await expect(addRole(t.db, scope, actor, { ...role, roleName: 'Service desk' })).rejects.toMatchObject({
      code: ErrorCode.BUTTON_PLATFORM_ONLY,
      params: { buttons: Button.MESSAGES },
    });
    expect((await addRole(t.db, scope, actor, { ...role, buttonIds: [Button.HOME] })).buttonIds).toEqual([Button.HOME]);
  });
});

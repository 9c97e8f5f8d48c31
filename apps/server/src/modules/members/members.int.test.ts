import {
  addMember,
  Button,
  checkMemberPhone,
  editMember,
  ErrorCode,
  getAllButtonRoles,
  listMembers,
  removeMember,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';
import { insertMember, insertRole } from '../../db/seed/people.ts';
import { newUser } from '../../../test/factories.ts';

let t: TestApp;
let tree: MatrixTree;
let as: { sessionid: string; dealersId: string };
let sequence = 0;
const phone = () => `199${String(Date.now() % 1e5).padStart(5, '0')}${String((sequence += 1)).padStart(3, '0')}`;

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  as = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
});
afterAll(async () => t.close());

const actionsOf = async (userId: string) =>
  (await t.db.selectFrom('account_log').select('action').where('user_id', '=', userId).orderBy('id').execute()).map(
    (row) => row.action as string,
  );

describe('add member', () => {
  it('asks to create an account for an unknown phone, then creates it with a one-time password', async () => {
    const newPhone = phone();
    expect((await call(t.app, checkMemberPhone, { phone: newPhone }, as)).body.objectResult).toEqual({
      accountExists: false,
      isMember: false,
      memberId: null,
      realName: '',
      invited: false,
    });
    const body = {
      phone: newPhone,
      realName: 'Gao Yan',
      roleIds: [tree.caller.roleId],
      jurisdiction: ['130000', '130100'],
    };
    expect((await call(t.app, addMember, body, as)).body).toMatchObject({
      error_code: ErrorCode.ACCOUNT_MISSING,
      error_msg: 'No account has this phone number; create an account?',
    });
    const added = await call<{
      member: { memberId: string; userId: string; jurisdiction: string[]; roles: unknown[] };
      password: string;
    }>(t.app, addMember, { ...body, createAccount: true }, as);
    expect(added.body.error_code, JSON.stringify(added.body)).toBe(0);
    const { member, password } = added.body.objectResult!;
    expect(member.jurisdiction).toEqual(['130000', '130100']);
    expect(member.roles).toEqual([{ roleId: tree.caller.roleId, roleName: 'Everything A1', builtin: null }]);
    const session = await loginAs(t.app, newPhone, password);
    expect(
      (await call(t.app, getAllButtonRoles, { dealersId: tree.caller.dealerId }, { sessionid: session })).body
        .error_code,
    ).toBe(0);
    const logged = await t.db
      .selectFrom('account_log')
      .select(['action', 'dealer_id', 'operator_name'])
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ action: 'memberAdded', dealer_id: tree.caller.dealerId, operator_name: 'Member of A1' });
    const check = await call(t.app, checkMemberPhone, { phone: newPhone }, as);
    expect(check.body.objectResult).toEqual({
      accountExists: true,
      isMember: true,
      memberId: member.memberId,
      realName: 'Gao Yan',
      invited: false,
    });
    expect((await call(t.app, addMember, body, as)).body).toMatchObject({
      error_code: ErrorCode.ALREADY_MEMBER,
      error_msg: 'This account is already a member; edit its permissions instead?',
    });
  });

  it('invites an existing account without changing its password, and needs at least one role', async () => {
    const user = await newUser(t.db);
    const check = await call<{ accountExists: boolean; isMember: boolean }>(
      t.app,
      checkMemberPhone,
      { phone: user.phone },
      as,
    );
    expect(check.body.objectResult).toMatchObject({ accountExists: true, isMember: false, realName: '' });
    const noRole = await call(t.app, addMember, { phone: user.phone, realName: 'x', roleIds: [] }, as);
    expect(noRole.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: 'Invalid request: roleIds: Please choose at least one role',
    });
    const added = await call<{ password: string | null; invited: boolean }>(
      t.app,
      addMember,
      { phone: user.phone, realName: 'x', roleIds: [tree.caller.roleId] },
      as,
    );
    expect(added.body.objectResult).toMatchObject({ password: null, invited: true });
    expect((await call(t.app, checkMemberPhone, { phone: user.phone }, as)).body.objectResult).toMatchObject({
      isMember: false,
      invited: true,
    });
    await loginAs(t.app, user.phone);
  });

  it('refuses roles whose buttons the caller lacks, or whose levels do not reach the member', async () => {
    const limitedRole = await insertRole(t.db, {
      dealerId: tree.caller.dealerId,
      name: 'Members only',
      buttons: [Button.DEALER_MANAGE, Button.MEMBERS],
    });
    const limited = await newUser(t.db);
    await insertMember(t.db, { dealerId: tree.caller.dealerId, userId: limited.id, roleIds: [limitedRole] });
    const limitedAs = { sessionid: await loginAs(t.app, limited.phone), dealersId: tree.caller.dealerId };
    const granting = await call(
      t.app,
      addMember,
      { phone: phone(), realName: 'y', createAccount: true, roleIds: [tree.caller.roleId] },
      limitedAs,
    );
    expect(granting.body).toMatchObject({
      error_code: ErrorCode.BUTTON_NOT_HELD,
      error_msg: 'You cannot grant permissions you do not hold yourself',
    });
    // A role of A1 usable by level 1..2 only cannot go to a member of A11 (level 3).
    const shallow = await insertRole(t.db, {
      dealerId: tree.caller.dealerId,
      name: 'Level 1-2',
      buttons: [Button.HOME],
      viewLevelMax: 2,
    });
    const deep = await call(
      t.app,
      editMember,
      { memberId: tree.nodes.A11.memberId, roleIds: [shallow], version: 1 },
      as,
    );
    expect(deep.body.error_code).toBe(ErrorCode.ROLE_NOT_ASSIGNABLE);
    const wide = await insertRole(t.db, {
      dealerId: tree.caller.dealerId,
      name: 'Level 1-3',
      buttons: [Button.HOME],
      viewLevelMax: 3,
    });
    expect(
      (await call(t.app, editMember, { memberId: tree.nodes.A11.memberId, roleIds: [wide], version: 1 }, as)).body
        .error_code,
    ).toBe(0);
  });
});

describe('edit, list and remove members', () => {
  it('replaces roles (logged, effective on the next call), jurisdiction, avatar and email', async () => {
    const sub = await buildMatrixTree(t.app, t.db);
    const subAs = { sessionid: sub.callerSession, dealersId: sub.caller.dealerId };
    const a11Session = await loginAs(t.app, sub.nodes.A11.phone);
    const a11As = { sessionid: a11Session, dealersId: sub.nodes.A11.dealerId };
    expect((await call(t.app, listMembers, {}, a11As)).body.error_code).toBe(0);
    const homeOnly = await insertRole(t.db, {
      dealerId: sub.nodes.A11.dealerId,
      name: 'Home only',
      buttons: [Button.HOME],
    });
    const edited = await call<{ roles: Array<{ roleId: string }>; email: string; jurisdiction: string[] }>(
      t.app,
      editMember,
      {
        memberId: sub.nodes.A11.memberId,
        roleIds: [homeOnly],
        jurisdiction: ['310000'],
        email: 'a11@example.com',
        version: 1,
      },
      subAs,
    );
    expect(edited.body.objectResult).toMatchObject({
      roles: [{ roleId: homeOnly }],
      email: 'a11@example.com',
      jurisdiction: ['310000'],
    });
    expect(await actionsOf(sub.nodes.A11.userId)).toContain('roleChanged');
    expect((await call(t.app, listMembers, {}, a11As)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    expect(
      (
        await call(
          t.app,
          editMember,
          { memberId: sub.nodes.A11.memberId, roleIds: [homeOnly], img: 'javascript:alert(1)', version: 2 },
          subAs,
        )
      ).body.error_code,
    ).toBe(ErrorCode.BAD_REQUEST);
  });

  it('leaves the avatar and email of an account that a company outside the subtree uses', async () => {
    // B's member joined A1 (by accepting an invitation).
    const memberId = await insertMember(t.db, {
      dealerId: tree.caller.dealerId,
      userId: tree.nodes.B.userId,
      roleIds: [tree.caller.roleId],
    });
    const edited = await call<{ email: string; roles: unknown[] }>(
      t.app,
      editMember,
      { memberId, roleIds: [tree.caller.roleId], email: 'taken@example.com', version: 1 },
      as,
    );
    expect(edited.body.objectResult?.email).toBe('');
    expect((await call(t.app, removeMember, { memberId }, as)).body.error_code).toBe(0);
  });

  it('lists the subtree with a search by name or phone, or one dealer', async () => {
    const all = await call<{ list: Array<{ dealersId: string }>; totalSize: number }>(
      t.app,
      listMembers,
      { pageSize: 100 },
      as,
    );
    const dealers = new Set(all.body.objectResult?.list.map((member) => member.dealersId));
    expect(dealers).toEqual(new Set([tree.caller.dealerId, tree.nodes.A11.dealerId]));
    const byPhone = await call<{ list: Array<{ memberId: string }> }>(
      t.app,
      listMembers,
      { keyword: tree.nodes.A11.phone.slice(-6) },
      as,
    );
    expect(byPhone.body.objectResult?.list.map((member) => member.memberId)).toEqual([tree.nodes.A11.memberId]);
    const own = await call<{ totalSize: number }>(t.app, listMembers, { ownerId: tree.nodes.A11.dealerId }, as);
    expect(own.body.objectResult?.totalSize).toBe(1);
  });

  it('removes a member from the company; the account stays and can still sign in', async () => {
    const sub = await buildMatrixTree(t.app, t.db);
    const subAs = { sessionid: sub.callerSession, dealersId: sub.caller.dealerId };
    expect((await call(t.app, removeMember, { memberId: sub.nodes.A11.memberId }, subAs)).body.error_code).toBe(0);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', sub.nodes.A11.userId).executeTakeFirst(),
    ).toBeDefined();
    expect(await actionsOf(sub.nodes.A11.userId)).toContain('memberRemoved');
    expect((await call(t.app, removeMember, { memberId: sub.nodes.A11.memberId }, subAs)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    await loginAs(t.app, sub.nodes.A11.phone);
  });
});

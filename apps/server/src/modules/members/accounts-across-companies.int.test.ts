import {
  acceptInvitation,
  addDealers,
  addMember,
  Button,
  checkMemberPhone,
  declineInvitation,
  editDealers,
  editMember,
  ErrorCode,
  getDealersByUser,
  handOverDealers,
  listAccountLog,
  listInvitations,
  removeMember,
  resetDealerAdminPassword,
  type AccountLogEntry,
  type InvitationItem,
} from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, emptyChild, type MatrixTree } from '../../../test/matrix/tree.ts';
import { insertMember } from '../../db/seed/people.ts';

/** Issue 8, items 2 to 5 and 11: acting on accounts and members of other companies. */

let t: TestApp;
let tree: MatrixTree;
let as: { sessionid: string; dealersId: string };
let sequence = 0;
const phone = () => `198${String(Date.now() % 1e5).padStart(5, '0')}${String((sequence += 1)).padStart(3, '0')}`;
const dealerFields = () => ({
  dealersName: `Consent ${(sequence += 1)}`,
  dealersCode: `CS-${Date.now().toString(36)}-${sequence}`,
  contactName: 'Zhou Min',
  contactPhone: phone(),
  provinceCode: '130000',
  cityCode: '130100',
});
const MEMBER_BUTTONS = [Button.DEALER_MANAGE, Button.MEMBERS];
const DEALER_BUTTONS = [Button.DEALER_MANAGE, Button.DEALERS];

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  as = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
});
afterAll(async () => t.close());

/** A new account that is a member of `dealerId` holding only `buttons`, signed in there. */
async function limitedMember(dealerId: string, buttons: readonly string[]) {
  const user = await newUser(t.db);
  const { memberId } = await newMember(t.db, dealerId, user.id, buttons);
  return { ...user, memberId, as: { sessionid: await loginAs(t.app, user.phone), dealersId: dealerId } };
}
const membersOf = async (userId: string) =>
  (await t.db.selectFrom('members').select('dealer_id').where('user_id', '=', userId).execute()).map(
    (row) => row.dealer_id,
  );
const passwordHashOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;
const versionOfMember = async (memberId: string) =>
  (await t.db.selectFrom('members').select('version').where('id', '=', memberId).executeTakeFirstOrThrow()).version;
const adminOf = async (dealerId: string) =>
  (await sql<{ admin_user_id: string | null }>`select admin_user_id from dealers where id = ${dealerId}`.execute(t.db))
    .rows[0]?.admin_user_id;
const makeAdmin = (dealerId: string, userId: string) =>
  sql`update dealers set admin_user_id = ${userId} where id = ${dealerId}`.execute(t.db);

describe('item 2: addDealers with the phone of an existing account', () => {
  it('invites the account instead of making it the admin; it becomes the admin only when it accepts', async () => {
    const foreign = tree.nodes.C;
    const added = await call<{ dealer: { dealersId: string }; adminPassword: string | null; adminInvited: boolean }>(
      t.app,
      addDealers,
      { ...dealerFields(), contactPhone: foreign.phone },
      as,
    );
    expect(added.body.objectResult).toMatchObject({ adminPassword: null, adminInvited: true });
    const dealerId = added.body.objectResult!.dealer.dealersId;
    expect(await membersOf(foreign.userId)).toEqual([foreign.dealerId]);
    expect(await adminOf(dealerId)).toBeNull();
    expect((await call(t.app, resetDealerAdminPassword, { id: dealerId }, as)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const session = await loginAs(t.app, foreign.phone);
    const invitations = await call<InvitationItem[]>(t.app, listInvitations, {}, { sessionid: session });
    const invitation = invitations.body.objectResult!.find((item) => item.dealersId === dealerId)!;
    expect(invitation).toMatchObject({
      asAdmin: true,
      roles: [{ roleName: 'Administrator', builtin: 'admin' }],
      invitedBy: 'Member of A1',
    });
    expect(
      (await call(t.app, acceptInvitation, { invitationId: invitation.invitationId }, { sessionid: session })).body
        .error_code,
    ).toBe(0);
    expect(await adminOf(dealerId)).toBe(foreign.userId);
    // Still used by C, outside the subtree: its password is never reset from here.
    const before = await passwordHashOf(foreign.userId);
    expect((await call(t.app, resetDealerAdminPassword, { id: dealerId }, as)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(await passwordHashOf(foreign.userId)).toBe(before);
  });
});

describe('item 2: random password of a dealer admin', () => {
  it('is refused when the admin holds buttons the caller lacks', async () => {
    const assistant = await limitedMember(tree.caller.dealerId, DEALER_BUTTONS);
    await makeAdmin(tree.nodes.A11.dealerId, tree.nodes.A11.userId);
    const before = await passwordHashOf(tree.nodes.A11.userId);
    const refused = await call(t.app, resetDealerAdminPassword, { id: tree.nodes.A11.dealerId }, assistant.as);
    expect(refused.body).toMatchObject({
      error_code: ErrorCode.TARGET_OUTRANKS,
      error_msg: 'This account holds permissions you do not hold; you cannot change, remove or reset it',
    });
    expect(
      (
        await call(
          t.app,
          resetDealerAdminPassword,
          { id: tree.nodes.A11.dealerId },
          { ...assistant.as, language: 'zh_CN' },
        )
      ).body.error_msg,
    ).toBe('该账号拥有您没有的权限，您不能修改、移除或重置它');
    expect(await passwordHashOf(tree.nodes.A11.userId)).toBe(before);
  });

  it("ends the admin's live sessions and is written to the log of both accounts", async () => {
    const sub = await buildMatrixTree(t.app, t.db);
    const subAs = { sessionid: sub.callerSession, dealersId: sub.caller.dealerId };
    await makeAdmin(sub.nodes.A11.dealerId, sub.nodes.A11.userId);
    const adminSession = await loginAs(t.app, sub.nodes.A11.phone);
    const adminAs = { sessionid: adminSession, dealersId: sub.nodes.A11.dealerId };
    expect((await call(t.app, getDealersByUser, {}, adminAs)).body.error_code).toBe(0);
    const reset = await call<{ password: string }>(
      t.app,
      resetDealerAdminPassword,
      { id: sub.nodes.A11.dealerId },
      subAs,
    );
    expect(reset.body.error_code).toBe(0);
    expect((await call(t.app, getDealersByUser, {}, adminAs)).status).toBe(401);
    const ended = await t.db
      .selectFrom('sessions')
      .select(['ended_at', 'end_reason'])
      .where('user_id', '=', sub.nodes.A11.userId)
      .execute();
    expect(ended.every((row) => row.ended_at !== null)).toBe(true);
    expect(ended.at(-1)?.end_reason).toBe('passwordChanged');
    const logOf = async (userId: string) =>
      await t.db
        .selectFrom('account_log')
        .select(['action', 'operator_name'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    expect(await logOf(sub.nodes.A11.userId)).toContainEqual({
      action: 'passwordReset',
      operator_name: 'Member of A1',
    });
    expect((await logOf(sub.caller.userId)).map((row) => row.action)).toContain('passwordResetGiven');
    await loginAs(t.app, sub.nodes.A11.phone, reset.body.objectResult!.password);
  });
});

describe('item 3: editing and removing members', () => {
  it('refuses a member holding only the member buttons to demote or remove a member holding more', async () => {
    const limited = await limitedMember(tree.caller.dealerId, MEMBER_BUTTONS);
    const ownRole = (
      await t.db
        .selectFrom('member_roles')
        .select('role_id')
        .where('member_id', '=', limited.memberId)
        .executeTakeFirstOrThrow()
    ).role_id;
    const version = await versionOfMember(tree.caller.memberId);
    const demote = await call(
      t.app,
      editMember,
      { memberId: tree.caller.memberId, roleIds: [ownRole], version },
      limited.as,
    );
    expect(demote.body.error_code).toBe(ErrorCode.TARGET_OUTRANKS);
    expect((await call(t.app, removeMember, { memberId: tree.caller.memberId }, limited.as)).body.error_code).toBe(
      ErrorCode.TARGET_OUTRANKS,
    );
    expect(await membersOf(tree.caller.userId)).toContain(tree.caller.dealerId);
    expect(await versionOfMember(tree.caller.memberId)).toBe(version);
    // A member with no more buttons than the caller is fine.
    const peer = await limitedMember(tree.caller.dealerId, MEMBER_BUTTONS);
    expect((await call(t.app, removeMember, { memberId: peer.memberId }, limited.as)).body.error_code).toBe(0);
  });

  it("keeps the company admin's roles and membership from anyone inside the company; an ancestor company may change them", async () => {
    const sub = await buildMatrixTree(t.app, t.db);
    await makeAdmin(sub.nodes.A1.dealerId, sub.caller.userId);
    const peer = await limitedMember(
      sub.caller.dealerId,
      (await t.db.selectFrom('buttons').select('id').execute()).map((row) => row.id),
    );
    const homeOnly = await newMember(t.db, sub.caller.dealerId, (await newUser(t.db)).id, [Button.HOME]);
    const version = await versionOfMember(sub.caller.memberId);
    const demote = await call(
      t.app,
      editMember,
      { memberId: sub.caller.memberId, roleIds: [homeOnly.roleId], version },
      peer.as,
    );
    expect(demote.body).toMatchObject({
      error_code: ErrorCode.COMPANY_ADMIN_PROTECTED,
      error_msg: "The company's administrator can only have its roles changed or be removed by a company above it",
    });
    expect((await call(t.app, removeMember, { memberId: sub.caller.memberId }, peer.as)).body.error_code).toBe(
      ErrorCode.COMPANY_ADMIN_PROTECTED,
    );
    const self = { sessionid: sub.callerSession, dealersId: sub.caller.dealerId };
    expect((await call(t.app, removeMember, { memberId: sub.caller.memberId }, self)).body.error_code).toBe(
      ErrorCode.COMPANY_ADMIN_PROTECTED,
    );
    // Same roles, other fields: not a demotion.
    const profile = await call(
      t.app,
      editMember,
      { memberId: sub.caller.memberId, roleIds: [sub.caller.roleId], jurisdiction: ['310000'], version },
      peer.as,
    );
    expect(profile.body.error_code).toBe(0);
    const parentAs = { sessionid: await loginAs(t.app, sub.nodes.A.phone), dealersId: sub.nodes.A.dealerId };
    const fromAbove = await call(
      t.app,
      editMember,
      { memberId: sub.caller.memberId, roleIds: [homeOnly.roleId], version: version + 1 },
      parentAs,
    );
    expect(fromAbove.body.error_code).toBe(0);
  });
});

describe('item 4: members from other companies need their consent', () => {
  it('invites an existing account instead of adding it; it joins only by accepting', async () => {
    const other = tree.nodes.B;
    const added = await call<{ member: unknown; invited: boolean; password: string | null }>(
      t.app,
      addMember,
      { phone: other.phone, realName: 'ignored', roleIds: [tree.caller.roleId] },
      as,
    );
    expect(added.body.objectResult).toEqual({ member: null, invited: true, password: null });
    expect(await membersOf(other.userId)).toEqual([other.dealerId]);
    expect(
      (await call(t.app, addMember, { phone: other.phone, realName: 'x', roleIds: [tree.caller.roleId] }, as)).body
        .error_code,
    ).toBe(ErrorCode.INVITATION_PENDING);
    const session = { sessionid: await loginAs(t.app, other.phone) };
    const [invitation] = (await call<InvitationItem[]>(t.app, listInvitations, {}, session)).body.objectResult!;
    expect(invitation).toMatchObject({
      dealersId: tree.caller.dealerId,
      asAdmin: false,
      roles: [{ roleName: 'Everything A1', builtin: null }],
    });
    // Nobody else answers it.
    const stranger = { sessionid: await loginAs(t.app, tree.nodes.C.phone) };
    expect(
      (await call(t.app, acceptInvitation, { invitationId: invitation!.invitationId }, stranger)).body.error_code,
    ).toBe(ErrorCode.INVITATION_GONE);
    const accepted = await call(t.app, acceptInvitation, { invitationId: invitation!.invitationId }, session);
    expect(accepted.body.objectResult).toMatchObject({ dealersId: tree.caller.dealerId });
    expect(new Set(await membersOf(other.userId))).toEqual(new Set([other.dealerId, tree.caller.dealerId]));
    expect(
      (await call(t.app, acceptInvitation, { invitationId: invitation!.invitationId }, session)).body.error_code,
    ).toBe(ErrorCode.INVITATION_GONE);
  });

  it('a declined invitation adds nothing and is logged in the inviting company', async () => {
    const user = await newUser(t.db);
    await call(t.app, addMember, { phone: user.phone, realName: 'x', roleIds: [tree.caller.roleId] }, as);
    const session = { sessionid: await loginAs(t.app, user.phone) };
    const [invitation] = (await call<InvitationItem[]>(t.app, listInvitations, {}, session)).body.objectResult!;
    expect(
      (await call(t.app, declineInvitation, { invitationId: invitation!.invitationId }, session)).body.error_code,
    ).toBe(0);
    expect(await membersOf(user.id)).toEqual([]);
    expect((await call<InvitationItem[]>(t.app, listInvitations, {}, session)).body.objectResult).toEqual([]);
    const log = await call<{ list: AccountLogEntry[] }>(t.app, listAccountLog, { account: user.phone }, as);
    expect(log.body.objectResult?.list.map((entry) => entry.action)).toEqual(['invitationDeclined', 'invitationSent']);
  });

  it('checkPhone names only accounts already in the subtree', async () => {
    const outsider = await newUser(t.db, { realName: 'Private Name' });
    await newMember(t.db, tree.nodes.B.dealerId, outsider.id, [Button.HOME]);
    const stranger = await call(t.app, checkMemberPhone, { phone: outsider.phone }, as);
    expect(stranger.body.objectResult).toEqual({
      accountExists: true,
      isMember: false,
      memberId: null,
      realName: '',
      invited: false,
    });
    const child = await call(t.app, checkMemberPhone, { phone: tree.nodes.A11.phone }, as);
    expect(child.body.objectResult).toMatchObject({ accountExists: true, isMember: false, realName: 'Member of A11' });
  });

  it("shows in a company's account log only that company's events of an account that also works elsewhere", async () => {
    const sub = await buildMatrixTree(t.app, t.db);
    const subAs = { sessionid: sub.callerSession, dealersId: sub.caller.dealerId };
    const other = sub.nodes.B;
    await insertMember(t.db, { dealerId: sub.caller.dealerId, userId: other.userId, roleIds: [sub.caller.roleId] });
    // Events of the account in its own company B and personal ones.
    await t.db
      .insertInto('account_log')
      .values([
        {
          user_id: other.userId,
          user_name: other.phone,
          action: 'roleChanged',
          ip: '10.0.0.2',
          dealer_id: other.dealerId,
          operator_name: 'B admin',
        },
        { user_id: other.userId, user_name: other.phone, action: 'signIn', ip: '10.0.0.3' },
        {
          user_id: other.userId,
          user_name: other.phone,
          action: 'memberAdded',
          ip: '10.0.0.4',
          dealer_id: sub.caller.dealerId,
          operator_name: 'Member of A1',
        },
      ])
      .execute();
    const log = await call<{ list: AccountLogEntry[] }>(t.app, listAccountLog, { account: other.phone }, subAs);
    expect(log.body.objectResult?.list.map((entry) => entry.action)).toEqual(['memberAdded']);
  });
});

describe('item 5: hand-over', () => {
  it('answers the number of dealers moved (subtrees included), not the children the target has afterwards', async () => {
    const from = await emptyChild(t.db, tree.caller);
    const child = await emptyChild(t.db, { ...tree.caller, dealerId: from, level: tree.caller.level + 1 });
    await emptyChild(t.db, { ...tree.caller, dealerId: child, level: tree.caller.level + 2 });
    const to = await emptyChild(t.db, tree.caller);
    for (let i = 0; i < 3; i += 1)
      await emptyChild(t.db, { ...tree.caller, dealerId: to, level: tree.caller.level + 1 });
    const moved = await call<{ moved: number }>(t.app, handOverDealers, { id: from, toId: to }, as);
    expect(moved.body.objectResult).toEqual({ moved: 2, devices: 0, projects: 0 });
  });
});

describe('item 11: lost updates of dealers and members', () => {
  it('refuses an edit made at a version someone else changed since', async () => {
    const sub = await buildMatrixTree(t.app, t.db);
    const subAs = { sessionid: sub.callerSession, dealersId: sub.caller.dealerId };
    const body = { ...dealerFields(), id: sub.nodes.A11.dealerId, version: 1 };
    const first = await call<{ version: number }>(t.app, editDealers, body, subAs);
    expect(first.body.objectResult?.version).toBe(2);
    const second = await call(t.app, editDealers, { ...body, dealersName: 'Second writer' }, subAs);
    expect(second.body).toMatchObject({
      error_code: ErrorCode.STALE_VERSION,
      error_msg: 'This record was changed by someone else in the meantime. Reload it and make your change again.',
    });
    const member = { memberId: sub.nodes.A11.memberId, roleIds: [sub.nodes.A11.roleId], version: 1 };
    expect(
      (await call<{ version: number }>(t.app, editMember, { ...member, jurisdiction: ['110000'] }, subAs)).body
        .objectResult?.version,
    ).toBe(2);
    expect((await call(t.app, editMember, { ...member, jurisdiction: ['310000'] }, subAs)).body.error_code).toBe(
      ErrorCode.STALE_VERSION,
    );
    expect(
      (
        await t.db
          .selectFrom('members')
          .select('jurisdiction')
          .where('id', '=', sub.nodes.A11.memberId)
          .executeTakeFirstOrThrow()
      ).jurisdiction,
    ).toBe('110000');
  });
});

import {
  addButton,
  addDealers,
  addMember,
  checkMemberPhone,
  dealersDetail,
  deleteButton,
  deleteDealers,
  deleteNotice,
  editDealers,
  editMember,
  getButtonTree,
  getSaleScope,
  handOverDealers,
  listDealerDevices,
  listDealerProjects,
  listDealers,
  listMembers,
  listNotices,
  listRoles,
  moveButton,
  addNotice,
  Button,
  removeMember,
  renameButton,
  resetDealerAdminPassword,
  roleAdd,
  roleButtonTree,
  roleDelete,
  roleEdit,
  setDealersEnabled,
  setSaleScope,
  updateNotice,
  ErrorCode,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { insertDealer, insertRole } from '../../src/db/seed/people.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import { emptyChild, type MatrixNode } from './tree.ts';

let sequence = 0;
const unique = (): string => `${Date.now().toString(36)}${(sequence += 1)}`;
const freshPhone = (): string =>
  `177${String(Date.now() % 1e5).padStart(5, '0')}${String((sequence += 1) % 1000).padStart(3, '0')}`;

const dealerFields = () => ({
  dealersName: `Isolation ${unique()}`,
  dealersCode: `ISO-${unique()}`,
  contactName: 'Isolation Contact',
  contactPhone: freshPhone(),
  provinceCode: '130000',
  cityCode: '130100',
});

/** The current version of a record, which an edit sends back (issue 8, item 11). */
const versionOf = async (db: Kysely<DB>, table: 'dealers' | 'members', id: string): Promise<number> =>
  (await db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

/** A dealer in the caller's scope (under A1) with one sub-dealer, whose sub-dealers can be handed over. */
async function inScopeDealerWithChild(db: Kysely<DB>, caller: MatrixNode): Promise<string> {
  const from = await emptyChild(db, caller);
  await insertDealer(db, {
    name: `Moved ${unique()}`,
    code: `MX-MOVED-${unique()}`,
    level: caller.level + 2,
    parentId: from,
  });
  return from;
}

export const isolationFixtures: readonly IsolationFixture[] = [
  { call: listDealers, makeForeignBody: (target) => ({ parentId: target.dealerId }) },
  { call: dealersDetail, makeForeignBody: (target) => ({ id: target.dealerId }) },
  {
    call: editDealers,
    makeForeignBody: async (target, _tree, db) => ({
      id: target.dealerId,
      version: await versionOf(db, 'dealers', target.dealerId),
      ...dealerFields(),
    }),
  },
  { call: setDealersEnabled, makeForeignBody: (target) => ({ id: target.dealerId, enabled: false }) },
  { call: deleteDealers, makeForeignBody: async (target, _tree, db) => ({ id: await emptyChild(db, target) }) },
  // Hand-over from a foreign dealer into the scope, and from the scope to a foreign dealer.
  {
    call: handOverDealers,
    makeForeignBody: async (target, tree) => ({ id: target.dealerId, toId: tree.caller.dealerId }),
  },
  {
    call: handOverDealers,
    makeForeignBody: async (target, tree, db) => ({
      id: await inScopeDealerWithChild(db, tree.caller),
      toId: target.dealerId,
    }),
  },
  { call: getSaleScope, makeForeignBody: (target) => ({ id: target.dealerId }) },
  { call: listDealerDevices, makeForeignBody: (target) => ({ id: target.dealerId }) },
  { call: listDealerProjects, makeForeignBody: (target) => ({ id: target.dealerId }) },
  { call: setSaleScope, makeForeignBody: (target) => ({ id: target.dealerId, areas: ['110000', '310000'] }) },
  {
    call: resetDealerAdminPassword,
    makeForeignBody: async (target, _tree, db) => {
      await sql`update dealers set admin_user_id = ${target.userId} where id = ${target.dealerId}`.execute(db);
      return { id: target.dealerId };
    },
  },
  { call: addDealers, makeForeignBody: (target) => ({ parentId: target.dealerId, ...dealerFields() }) },
  { call: listMembers, makeForeignBody: (target) => ({ ownerId: target.dealerId }) },
  {
    call: editMember,
    makeForeignBody: async (target, _tree, db) => ({
      memberId: target.memberId,
      roleIds: [target.roleId],
      jurisdiction: ['110000'],
      version: await versionOf(db, 'members', target.memberId),
    }),
  },
  // Role assignment: a member in scope given the target's role.
  {
    call: editMember,
    makeForeignBody: async (target, tree, db) => ({
      memberId: tree.nodes.A11.memberId,
      roleIds: [target.roleId],
      version: await versionOf(db, 'members', tree.nodes.A11.memberId),
    }),
  },
  {
    call: addMember,
    makeForeignBody: (target) => ({
      phone: freshPhone(),
      realName: 'Isolation Member',
      createAccount: true,
      roleIds: [target.roleId],
    }),
    // A role of a sub-dealer is not assignable in the caller's own company: refused, but not as a missing id.
    childOutcome: ErrorCode.ROLE_NOT_ASSIGNABLE,
  },
  { call: removeMember, makeForeignBody: (target) => ({ memberId: target.memberId }) },
  {
    call: roleEdit,
    makeForeignBody: (target) => ({
      roleId: target.roleId,
      version: 1,
      roleName: `Edited ${unique()}`,
      viewLevelMax: 2,
      faultLevels: [0, 1],
      buttonIds: [Button.HOME],
    }),
  },
  {
    call: roleDelete,
    makeForeignBody: async (target, _tree, db) => ({
      roleId: await insertRole(db, { dealerId: target.dealerId, name: `Spare ${unique()}`, buttons: [Button.HOME] }),
    }),
  },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  {
    call: checkMemberPhone,
    reason: 'looks a phone up in the current company only; names only accounts of the subtree',
  },
  { call: listRoles, reason: 'lists the roles of the current company only' },
  { call: roleAdd, reason: 'creates a role in the current company' },
  { call: roleButtonTree, reason: 'the button tree is shared by every company' },
  { call: getButtonTree, reason: 'the button tree is shared by every company' },
  {
    call: addButton,
    reason: 'the button tree is shared; changes need the level-0 company (tested in the button tests)',
  },
  { call: renameButton, reason: 'the button tree is shared; changes need the level-0 company' },
  { call: moveButton, reason: 'the button tree is shared; changes need the level-0 company' },
  { call: deleteButton, reason: 'the button tree is shared; changes need the level-0 company' },
  { call: listNotices, reason: 'notices are platform-wide, not company data' },
  { call: addNotice, reason: 'notices are platform-wide, not company data' },
  { call: updateNotice, reason: 'notices are platform-wide, not company data' },
  { call: deleteNotice, reason: 'notices are platform-wide, not company data' },
];

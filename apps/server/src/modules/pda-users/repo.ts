import type { PDA_USER_SORT_FIELDS, PdaUser, SortOrder } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { ACCOUNT_LOCKED, containsPattern, lockedCondition, ownerInSubtree } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

/** PDA accounts (users.identity 'pda' with a pda_users row), always read within a scope. */

export interface PdaUserFilter {
  userName: string;
  realName: string;
  departmentId: string;
  locked: '' | '0' | '1';
  sortField: (typeof PDA_USER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

const SORT_COLUMNS = {
  createTime: 'u.created_at',
  userName: 'u.user_name',
  realName: 'u.real_name',
  departmentName: 'dp.name',
} as const;

function scopedPdaUsers(db: Kysely<DB>, scope: DealerScope) {
  return db
    .selectFrom('pda_users as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('departments as dp', 'dp.id', 'p.department_id')
    .innerJoin('dealers as od', 'od.id', 'p.owner_dealer_id')
    .where(ownerInSubtree(scope, 'od'));
}

function selectItem(query: ReturnType<typeof scopedPdaUsers>) {
  return query.select([
    'u.id as pdaUserId',
    'u.user_name as userName',
    'u.real_name as realName',
    'u.email',
    'dp.id as departmentId',
    'dp.name as departmentName',
    'od.id as ownerDealerId',
    'od.name as ownerDealerName',
    ACCOUNT_LOCKED.as('locked'),
    'u.created_at',
  ]);
}

type PdaUserRow = Omit<PdaUser, 'createTime'> & { created_at: Date };
const toPdaUser = ({ created_at, ...row }: PdaUserRow): PdaUser => ({ ...row, createTime: created_at.toISOString() });

/** One page of the scope's PDA users and how many match. */
export async function listPdaUserPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: PdaUserFilter,
): Promise<{ list: PdaUser[]; totalSize: number }> {
  let query = scopedPdaUsers(db, scope);
  if (filter.userName) query = query.where('u.user_name', 'ilike', containsPattern(filter.userName));
  if (filter.realName) query = query.where('u.real_name', 'ilike', containsPattern(filter.realName));
  // A department id that is not an id, or not in scope, simply matches nothing.
  if (filter.departmentId)
    query = query.where('p.department_id', '=', isIdText(filter.departmentId) ? filter.departmentId : '0');
  if (filter.locked !== '') query = query.where(lockedCondition(filter.locked));
  const page = await sortedPage(
    query,
    selectItem,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'u.id' },
    filter,
  );
  return { list: page.rows.map(toPdaUser), totalSize: page.totalSize };
}

/** A PDA user of the scope, or undefined for a missing or foreign id alike. */
export async function findPdaUser(db: Kysely<DB>, scope: DealerScope, pdaUserId: string): Promise<PdaUser | undefined> {
  if (!isIdText(pdaUserId)) return undefined;
  const row = await selectItem(scopedPdaUsers(db, scope)).where('p.user_id', '=', pdaUserId).executeTakeFirst();
  return row && toPdaUser(row);
}

/**
 * The owner of a department of the scope, read under a share lock so the department cannot be
 * deleted before the caller's transaction ends; undefined for a missing or foreign department.
 */
export async function lockDepartmentInScope(
  trx: Kysely<DB>,
  scope: DealerScope,
  departmentId: string,
): Promise<string | undefined> {
  if (!isIdText(departmentId)) return undefined;
  const row = await trx
    .selectFrom('departments as dp')
    .innerJoin('dealers as od', 'od.id', 'dp.owner_dealer_id')
    .select('dp.owner_dealer_id')
    .where('dp.id', '=', departmentId)
    .where(ownerInSubtree(scope, 'od'))
    .forShare('dp')
    .executeTakeFirst();
  return row?.owner_dealer_id;
}

/** A department of the scope, locked for the caller's transaction (lockDepartmentInScope). */
export interface LockedDepartment {
  departmentId: string;
  ownerDealerId: string;
}

/** Makes a new account a PDA user of a department found in scope; the department's owner owns it. */
export async function insertPdaUser(db: Kysely<DB>, department: LockedDepartment, userId: string): Promise<void> {
  await db
    .insertInto('pda_users')
    .values({ user_id: userId, department_id: department.departmentId, owner_dealer_id: department.ownerDealerId })
    .execute();
}

/** Changes a PDA user found in scope: account fields and department (found in scope too). */
export async function updatePdaUserRow(
  db: Kysely<DB>,
  pdaUser: PdaUser,
  department: LockedDepartment,
  fields: { userName: string; realName: string; email: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ user_name: fields.userName, real_name: fields.realName, email: fields.email })
    .where('id', '=', pdaUser.pdaUserId)
    .execute();
  await db
    .updateTable('pda_users')
    .set({ department_id: department.departmentId, owner_dealer_id: department.ownerDealerId })
    .where('user_id', '=', pdaUser.pdaUserId)
    .execute();
}

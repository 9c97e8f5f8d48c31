import type { ENGINEER_SORT_FIELDS, Engineer, SortOrder } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { ACCOUNT_LOCKED, containsPattern, lockedCondition, ownerInSubtree } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

/** Engineer accounts (users.identity 'engineer' with an engineers row), always read within a scope. */

export interface EngineerFilter {
  name: string;
  phone: string;
  area: string;
  enabled: '' | '0' | '1';
  locked: '' | '0' | '1';
  sortField: (typeof ENGINEER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

const SORT_COLUMNS = { createTime: 'u.created_at', name: 'u.real_name', phone: 'u.user_name' } as const;

function scopedEngineers(db: Kysely<DB>, scope: DealerScope) {
  return db
    .selectFrom('engineers as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('dealers as od', 'od.id', 'e.owner_dealer_id')
    .where(ownerInSubtree(scope, 'od'));
}

function selectItem(query: ReturnType<typeof scopedEngineers>) {
  return query.select([
    'u.id as engineerId',
    'u.real_name as name',
    'u.user_name as phone',
    'u.email',
    'e.area_codes as areaCodes',
    'e.notes',
    'e.enabled',
    'od.id as ownerDealerId',
    'od.name as ownerDealerName',
    ACCOUNT_LOCKED.as('locked'),
    'u.created_at',
  ]);
}

/** One of the engineer's areas is the code or, for a province (XX0000), a city of it (XX....). */
function servesArea(code: string) {
  const prefix = code.endsWith('0000') ? `${code.slice(0, 2)}%` : code;
  return sql<boolean>`exists (select 1 from unnest(e.area_codes) as served(code) where served.code like ${prefix})`;
}

type EngineerRow = Omit<Engineer, 'createTime'> & { created_at: Date };
const toEngineer = ({ created_at, ...row }: EngineerRow): Engineer => ({
  ...row,
  createTime: created_at.toISOString(),
});

/** One page of the scope's engineers and how many match. */
export async function listEngineerPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: EngineerFilter,
): Promise<{ list: Engineer[]; totalSize: number }> {
  let query = scopedEngineers(db, scope);
  if (filter.name) query = query.where('u.real_name', 'ilike', containsPattern(filter.name));
  if (filter.phone) query = query.where('u.user_name', 'ilike', containsPattern(filter.phone));
  if (filter.area) query = query.where(servesArea(filter.area));
  if (filter.enabled !== '') query = query.where('e.enabled', '=', filter.enabled === '1');
  if (filter.locked !== '') query = query.where(lockedCondition(filter.locked));
  const page = await sortedPage(
    query,
    selectItem,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'u.id' },
    filter,
  );
  return { list: page.rows.map(toEngineer), totalSize: page.totalSize };
}

/** An engineer of the scope, or undefined for a missing or foreign id alike. */
export async function findEngineer(
  db: Kysely<DB>,
  scope: DealerScope,
  engineerId: string,
): Promise<Engineer | undefined> {
  if (!isIdText(engineerId)) return undefined;
  const row = await selectItem(scopedEngineers(db, scope)).where('e.user_id', '=', engineerId).executeTakeFirst();
  return row && toEngineer(row);
}

/** The fields of an engineer form besides the account's. */
export interface EngineerColumns {
  area_codes: string[];
  notes: string;
  enabled: boolean;
}

/** Makes a new account an engineer of an owner in the scope's subtree (found with ownerForNewRecord). */
export async function insertEngineer(
  db: Kysely<DB>,
  owner: { dealerId: string },
  userId: string,
  columns: EngineerColumns,
): Promise<void> {
  await db
    .insertInto('engineers')
    .values({ user_id: userId, owner_dealer_id: owner.dealerId, ...columns })
    .execute();
}

/** Changes an engineer found in scope: account fields and engineer fields. */
export async function updateEngineerRow(
  db: Kysely<DB>,
  engineer: Engineer,
  account: { realName: string; phone: string; email: string },
  columns: EngineerColumns,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ real_name: account.realName, user_name: account.phone, email: account.email })
    .where('id', '=', engineer.engineerId)
    .execute();
  await db.updateTable('engineers').set(columns).where('user_id', '=', engineer.engineerId).execute();
}

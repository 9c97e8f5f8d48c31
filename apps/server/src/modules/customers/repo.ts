import type { Customer, CUSTOMER_SORT_FIELDS, SortOrder } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { ACCOUNT_LOCKED, containsPattern, lockedCondition, ownerInSubtree } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

/** End-customer rows (users.identity 'user' with a customers row), always read within a scope. */

export interface CustomerFilter {
  userName: string;
  phone: string;
  email: string;
  locked: '' | '0' | '1';
  sortField: (typeof CUSTOMER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

const SORT_COLUMNS = { createTime: 'u.created_at', userName: 'u.real_name', phone: 'u.user_name' } as const;

function scopedCustomers(db: Kysely<DB>, scope: DealerScope) {
  return db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('dealers as od', 'od.id', 'c.owner_dealer_id')
    .where(ownerInSubtree(scope, 'od'));
}

function selectItem(query: ReturnType<typeof scopedCustomers>) {
  return query.select([
    'u.id as customerId',
    'u.real_name as userName',
    'u.user_name as phone',
    'u.email',
    'u.img',
    'od.id as ownerDealerId',
    'od.name as ownerDealerName',
    ACCOUNT_LOCKED.as('locked'),
    'u.created_at',
  ]);
}

type CustomerRow = Omit<Customer, 'createTime'> & { created_at: Date };
const toCustomer = ({ created_at, ...row }: CustomerRow): Customer => ({
  ...row,
  createTime: created_at.toISOString(),
});

/** One page of the scope's customers and how many match. */
export async function listCustomerPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: CustomerFilter,
): Promise<{ list: Customer[]; totalSize: number }> {
  let query = scopedCustomers(db, scope);
  if (filter.userName) query = query.where('u.real_name', 'ilike', containsPattern(filter.userName));
  if (filter.phone) query = query.where('u.user_name', 'ilike', containsPattern(filter.phone));
  if (filter.email) query = query.where('u.email', 'ilike', containsPattern(filter.email));
  if (filter.locked !== '') query = query.where(lockedCondition(filter.locked));
  const page = await sortedPage(
    query,
    selectItem,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'u.id' },
    filter,
  );
  return { list: page.rows.map(toCustomer), totalSize: page.totalSize };
}

/** The scope's customers a picker offers: id, name and phone, name or phone containing `keyword`, by name. */
export async function customerOptions(
  db: Kysely<DB>,
  scope: DealerScope,
  keyword: string,
  limit: number,
): Promise<Array<{ customerId: string; userName: string; phone: string }>> {
  let query = scopedCustomers(db, scope);
  if (keyword)
    query = query.where((eb) =>
      eb.or([
        eb('u.real_name', 'ilike', containsPattern(keyword)),
        eb('u.user_name', 'ilike', containsPattern(keyword)),
      ]),
    );
  return query
    .select(['u.id as customerId', 'u.real_name as userName', 'u.user_name as phone'])
    .orderBy('u.real_name')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** A customer of the scope, or undefined for a missing or foreign id alike. */
export async function findCustomer(
  db: Kysely<DB>,
  scope: DealerScope,
  customerId: string,
): Promise<Customer | undefined> {
  if (!isIdText(customerId)) return undefined;
  const row = await selectItem(scopedCustomers(db, scope)).where('c.user_id', '=', customerId).executeTakeFirst();
  return row && toCustomer(row);
}

/** Makes a new account a customer of an owner in the scope's subtree (found with ownerForNewRecord). */
export async function insertCustomer(db: Kysely<DB>, owner: { dealerId: string }, userId: string): Promise<void> {
  await db.insertInto('customers').values({ user_id: userId, owner_dealer_id: owner.dealerId }).execute();
}

/** Changes the account fields of a customer found in scope. */
export async function updateCustomerAccount(
  db: Kysely<DB>,
  customer: Customer,
  fields: { realName: string; phone: string; email: string; img: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ real_name: fields.realName, user_name: fields.phone, email: fields.email, img: fields.img })
    .where('id', '=', customer.customerId)
    .execute();
}

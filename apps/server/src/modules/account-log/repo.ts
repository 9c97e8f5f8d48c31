import type { AccountLogEntry, AccountActionName } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** An account-log search: the text and action filters, the instants [from, until). */
export interface AccountLogSearchFilter {
  account: string;
  action: AccountActionName | '';
  /** Inclusive start and exclusive end instants. */
  from: Date;
  until: Date;
}

export interface AccountLogFilter extends AccountLogSearchFilter {
  limit: number;
  offset: number;
}

/**
 * SQL: the entry under alias `l` belongs to the scope's subtree.
 * - An entry made in a company (`dealer_id`: member added or removed, role changed, lock, reset,
 *   invitation) shows in that company and its ancestors; and in a company below it when the entry
 *   is about an account that company owns outright (an ancestor acted on it).
 * - A personal entry (sign-in, sign-out, password change: no company) shows only for an account
 *   owned outright by the subtree.
 * Owned outright: a member of one of its companies, or a customer, PDA user or engineer one of them
 * owns, and a member of no company outside it. An account that also works elsewhere thus keeps its
 * whereabouts and the other companies' doings from each of its companies.
 */
function visibleIn(scope: DealerScope) {
  const subtree = `${scope.path}%`;
  const ownedOutright = sql<boolean>`(
    (exists (select 1 from members m join dealers d on d.id = m.dealer_id where m.user_id = l.user_id and d.path like ${subtree})
      or exists (select 1 from customers c join dealers d on d.id = c.owner_dealer_id where c.user_id = l.user_id and d.path like ${subtree})
      or exists (select 1 from pda_users p join dealers d on d.id = p.owner_dealer_id where p.user_id = l.user_id and d.path like ${subtree})
      or exists (select 1 from engineers e join dealers d on d.id = e.owner_dealer_id where e.user_id = l.user_id and d.path like ${subtree}))
    and not exists (select 1 from members m join dealers d on d.id = m.dealer_id where m.user_id = l.user_id and d.path not like ${subtree})
  )`;
  return sql<boolean>`(
    (l.dealer_id is not null and exists (
      select 1 from dealers d where d.id = l.dealer_id and (d.path like ${subtree} or (${scope.path} like d.path || '%' and ${ownedOutright}))))
    or (l.dealer_id is null and ${ownedOutright})
  )`;
}

/** The entries of the search visible in the scope (up to `upToId` when given). */
function searched(db: Kysely<DB>, scope: DealerScope, filter: AccountLogSearchFilter, upToId: string | null = null) {
  let query = db
    .selectFrom('account_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where('l.at', '>=', filter.from)
    .where('l.at', '<', filter.until)
    .where(visibleIn(scope));
  if (filter.account) query = query.where('l.user_name', 'ilike', containsPattern(filter.account));
  if (filter.action) query = query.where('l.action', '=', filter.action);
  if (upToId !== null) query = query.where('l.id', '<=', upToId);
  return query;
}

const entryColumns = [
  'l.id as logId',
  'l.user_name as userName',
  'l.action',
  'l.ip',
  'l.detail',
  'l.operator_name as operatorName',
  'l.at',
] as const;
const realName = sql<string>`coalesce(u.real_name, '')`.as('realName');
const entryOf = ({ at, ...row }: Omit<AccountLogEntry, 'createTime'> & { at: Date }): AccountLogEntry => ({
  ...row,
  createTime: at.toISOString(),
});

/** One page of the account log visible in the scope, newest first, and how many entries match. */
export async function listAccountLogPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: AccountLogFilter,
): Promise<{ list: AccountLogEntry[]; totalSize: number }> {
  const { rows, totalSize } = await pageWithTotal(
    searched(db, scope, filter),
    (filtered) => filtered.select(entryColumns).select(realName).orderBy('l.at', 'desc').orderBy('l.id', 'desc'),
    filter,
  );
  return { list: rows.map(entryOf), totalSize };
}

/** The newest entry id of the whole account log (an export writes the entries up to it), null when empty. */
export async function newestAccountLogId(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('account_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : String(row.id);
}

/** How many entries an export of the search writes. */
export async function countAccountLog(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: AccountLogSearchFilter,
  upToId: string | null,
): Promise<number> {
  const row = await searched(db, scope, filter, upToId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The entries of an export, newest first, one batch at a time (keyset on time and id). */
export async function* accountLogBatches(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: AccountLogSearchFilter,
  options: { batchRows: number; upToId: string | null },
): AsyncGenerator<AccountLogEntry[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    let query = searched(db, scope, filter, options.upToId);
    if (after) {
      const { at, id } = after;
      query = query.where(sql<boolean>`(l.at, l.id) < (${at}, ${id}::bigint)`);
    }
    const rows = await query
      .select(entryColumns)
      .select(realName)
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(options.batchRows)
      .execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: String(last.logId) };
    yield rows.map(entryOf);
    if (rows.length < options.batchRows) return;
  }
}

import type { AccountLogEntry, AccountActionName } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../managed-accounts/index.ts';

export interface AccountLogFilter {
  account: string;
  action: AccountActionName | '';
  /** Inclusive start and exclusive end instants. */
  from: Date;
  until: Date;
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

/** One page of the account log visible in the scope, newest first, and how many entries match. */
export async function listAccountLogPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: AccountLogFilter,
): Promise<{ list: AccountLogEntry[]; totalSize: number }> {
  let query = db
    .selectFrom('account_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where('l.at', '>=', filter.from)
    .where('l.at', '<', filter.until)
    .where(visibleIn(scope));
  if (filter.account) query = query.where('l.user_name', 'ilike', containsPattern(filter.account));
  if (filter.action) query = query.where('l.action', '=', filter.action);
  const [rows, total] = await Promise.all([
    query
      .select([
        'l.id as logId',
        'l.user_name as userName',
        'l.action',
        'l.ip',
        'l.detail',
        'l.operator_name as operatorName',
        'l.at',
      ])
      .select(sql<string>`coalesce(u.real_name, '')`.as('realName'))
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(({ at, ...row }) => ({ ...row, createTime: at.toISOString() })), totalSize: Number(total.n) };
}

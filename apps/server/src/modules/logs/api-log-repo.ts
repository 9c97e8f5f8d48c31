import { ALL_CALLS, type ApiLogEntry, type ApiLogSearch } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import { accountLogRange } from '../account-log/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { interfaceNameOf } from './api-call-writer.ts';

/** The contract's description of each call, by interface name. */
const DESCRIPTIONS = new Map(ALL_CALLS.map((call) => [interfaceNameOf(call.path), call.description]));

/**
 * The entries of the search visible in the scope: calls made acting for a company of its subtree, and
 * for the platform (level 0) also calls made without a company. The range is read as days of the
 * platform's zone; `day` bounds let PostgreSQL skip the partitions outside it.
 */
export function apiLogQuery(db: Kysely<DB>, scope: DealerScope, search: ApiLogSearch, timeZone: string) {
  const { from, until } = accountLogRange(search.startDate, search.endDate, timeZone);
  let query = db
    .selectFrom('api_call_log as l')
    .where('l.day', '>=', dayOf(from))
    .where('l.day', '<=', dayOf(until))
    .where('l.at', '>=', from)
    .where('l.at', '<', until)
    .where((eb) =>
      eb.or([
        eb('l.dealer_id', 'in', eb.selectFrom('dealers').select('id').where('path', 'like', `${scope.path}%`)),
        ...(scope.level === 0 ? [eb('l.dealer_id', 'is', null)] : []),
      ]),
    );
  if (search.operator) {
    const pattern = containsPattern(search.operator);
    query = query.where((eb) =>
      eb.or([eb('l.operator_phone', 'ilike', pattern), eb('l.operator_email', 'ilike', pattern)]),
    );
  }
  if (search.interfaceName) query = query.where('l.interface_name', 'ilike', containsPattern(search.interfaceName));
  if (search.outcome === 'success') query = query.where('l.outcome_code', '=', 0);
  if (search.outcome === 'failure') query = query.where('l.outcome_code', '<>', 0);
  return query;
}

const COLUMNS = [
  'l.id',
  'l.request_id',
  'l.operator_phone',
  'l.operator_email',
  'l.ip',
  'l.at',
  'l.interface_name',
  'l.params',
  'l.outcome_code',
  'l.duration_ms',
] as const;

type Row = {
  id: string;
  request_id: string;
  operator_phone: string;
  operator_email: string;
  ip: string;
  at: Date;
  interface_name: string;
  params: string;
  outcome_code: number;
  duration_ms: number;
};

export const apiLogEntryOf = (row: Row): ApiLogEntry => ({
  logId: row.id,
  requestId: row.request_id,
  operatorPhone: row.operator_phone,
  operatorEmail: row.operator_email,
  operatorIp: row.ip,
  createTime: row.at.toISOString(),
  interfaceName: row.interface_name,
  description: DESCRIPTIONS.get(row.interface_name) ?? '',
  params: row.params,
  outcomeCode: row.outcome_code,
  durationMs: Math.round(row.duration_ms * 10) / 10,
});

/** One page of the API call log, newest first, and how many entries match. */
export async function apiLogPage(
  db: Kysely<DB>,
  scope: DealerScope,
  search: ApiLogSearch,
  page: { timeZone: string; limit: number; offset: number },
): Promise<{ list: ApiLogEntry[]; totalSize: number }> {
  const query = apiLogQuery(db, scope, search, page.timeZone);
  const [rows, total] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(apiLogEntryOf), totalSize: Number(total.n) };
}

import {
  ALL_CALLS,
  callDescription,
  type ApiLogEntry,
  type ApiLogSearch,
  type CallDef,
  type Locale,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import { accountLogRange } from '../account-log/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { interfaceNameOf } from './api-call-writer.ts';

/** Each call of the contract by interface name (its description in both languages, callDescription). */
const CALLS = new Map<string, CallDef>(ALL_CALLS.map((call) => [interfaceNameOf(call.path), call]));

/** What the call of an entry does, in the reader's language; '' for a name the contract does not know. */
const descriptionOf = (interfaceName: string, locale: Locale): string => {
  const call = CALLS.get(interfaceName);
  return call ? callDescription(call, locale) : '';
};

/**
 * The entries of the search visible in the scope: calls made acting for a company of its subtree, and
 * for the platform (level 0) also calls made without a company. The range is read as days of the
 * platform's zone; `day` bounds let PostgreSQL skip the partitions outside it.
 */
export function apiLogQuery(
  db: Kysely<DB>,
  scope: DealerScope,
  search: ApiLogSearch,
  timeZone: string,
  upToId: string | null = null,
) {
  const { from, until } = accountLogRange(search.startDate, search.endDate, timeZone);
  let query = db
    .selectFrom('api_call_log as l')
    .$if(upToId !== null, (q) => q.where('l.id', '<=', upToId!))
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
    // Matched against the few pairs the log was written with (migration 089), then read by the
    // (operator_phone, at) index: a contains-match on every row of the range read millions of rows.
    query = query.where(
      sql<boolean>`(l.operator_phone, l.operator_email) in (select phone, email from api_call_operators where phone ilike ${pattern} or email ilike ${pattern})`,
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

export const apiLogEntryOf =
  (locale: Locale) =>
  (row: Row): ApiLogEntry => ({
    logId: row.id,
    requestId: row.request_id,
    operatorPhone: row.operator_phone,
    operatorEmail: row.operator_email,
    operatorIp: row.ip,
    createTime: row.at.toISOString(),
    interfaceName: row.interface_name,
    description: descriptionOf(row.interface_name, locale),
    params: row.params,
    outcomeCode: row.outcome_code,
    durationMs: Math.round(row.duration_ms * 10) / 10,
  });

/** One page of the API call log, newest first, and how many entries match. */
export async function apiLogPage(
  db: Kysely<DB>,
  scope: DealerScope,
  search: ApiLogSearch,
  page: { timeZone: string; locale: Locale; limit: number; offset: number },
): Promise<{ list: ApiLogEntry[]; totalSize: number }> {
  const query = apiLogQuery(db, scope, search, page.timeZone);
  // The page's keys first (an index-only read with the operator filter, migration 089), then its rows by key:
  // sorting the full rows of every match read one heap page per matching row.
  const keys = query
    .select(['l.day', 'l.at', 'l.id'])
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    db
      .selectFrom(keys.as('k'))
      .innerJoin('api_call_log as l', (join) =>
        join.onRef('l.day', '=', 'k.day').onRef('l.at', '=', 'k.at').onRef('l.id', '=', 'k.id'),
      )
      .select(COLUMNS)
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(apiLogEntryOf(page.locale)), totalSize: Number(total.n) };
}

/**
 * The newest entry's id now: an export counts and writes the entries up to it, so entries the batch writer
 * stores while the export runs (its own progress calls among them) are in neither.
 */
export async function newestApiLogId(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('api_call_log')
    .select(sql<string>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** How many entries an export of the search writes (up to an entry id, see newestApiLogId). */
export async function countApiLog(
  db: Kysely<DB>,
  scope: DealerScope,
  search: ApiLogSearch,
  timeZone: string,
  upToId: string | null = null,
) {
  const row = await apiLogQuery(db, scope, search, timeZone, upToId)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The entries of an export, newest first, one batch at a time (keyset on time and id, like the screen's order). */
export async function* apiLogBatches(
  db: Kysely<DB>,
  scope: DealerScope,
  search: ApiLogSearch,
  {
    timeZone,
    locale,
    batchRows,
    upToId = null,
  }: { timeZone: string; locale: Locale; batchRows: number; upToId?: string | null },
): AsyncGenerator<ApiLogEntry[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    let query = apiLogQuery(db, scope, search, timeZone, upToId);
    if (after) {
      const { at, id } = after;
      query = query.where(sql<boolean>`(l.at, l.id) < (${at}, ${id}::bigint)`);
    }
    const rows = await query.select(COLUMNS).orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(batchRows).execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
    yield rows.map(apiLogEntryOf(locale));
    if (rows.length < batchRows) return;
  }
}

import type { LoggedChange, OperationAction, OperationOutcome } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { sessionOf, type CallContext } from '../../http/call-route.ts';
import { dayOf } from '../../db/partition-day.ts';
import { ensureDayPartitions } from '../../ingest/index.ts';

/** Who acts on a device, as the operation log records it. */
export interface Operator {
  userId: string;
  name: string;
  /** The company the operator acts for. */
  dealerId: string;
}

export interface OperationEntry {
  deviceId: string;
  deviceCode: string;
  /** Null when the device acted itself (dynamic registration). */
  operator: Operator | null;
  action: OperationAction;
  request: Record<string, unknown>;
  summary: string;
  /** The fields changed, old and new (never a secret). */
  changes?: readonly LoggedChange[];
  outcome: OperationOutcome;
  /** Status name (refused, applied) or message key (rejected). */
  detail?: string;
  detailParams?: Record<string, string | number>;
  seq?: number | null;
  createdAt: Date;
  finishedAt?: Date | null;
}

/** Adds one entry to the device operation log, for an action that changed no device row (a command the device did not apply, a set, a refusal); a change goes through modules/device-writer. */
export async function logOperation(db: Kysely<DB>, entry: OperationEntry): Promise<void> {
  await insertOperations(db, [operationRow(entry)]);
}

/** The operation log's table, partitioned by day (migration 091). */
const OPERATION_LOG = ['device_operations'];

/** Creates the operation log's partitions of `days` when missing (for a writer that inserts in SQL of its own). */
export const ensureOperationDays = (db: Kysely<DB>, days: Iterable<string>): Promise<void> =>
  ensureDayPartitions(db, days, OPERATION_LOG);

/**
 * Writes operation log rows (in the caller's transaction when it is one), after creating the partitions of
 * their days when missing: the log retention job makes today's and tomorrow's ahead, this covers a fresh
 * database and a day the job has not reached.
 */
export async function insertOperations(
  db: Kysely<DB>,
  rows: ReadonlyArray<ReturnType<typeof operationRow>>,
): Promise<void> {
  if (rows.length === 0) return;
  await ensureOperationDays(db, new Set(rows.map((row) => row.day)));
  await db
    .insertInto('device_operations')
    .values([...rows])
    .execute();
}

export function operationRow(entry: OperationEntry) {
  return {
    day: dayOf(entry.createdAt),
    device_id: entry.deviceId,
    device_code: entry.deviceCode,
    operator_id: entry.operator?.userId ?? null,
    operator_name: entry.operator?.name ?? '',
    dealer_id: entry.operator?.dealerId ?? null,
    action: entry.action,
    request: JSON.stringify(entry.request),
    summary: entry.summary,
    changes: JSON.stringify(entry.changes ?? []),
    outcome: entry.outcome,
    detail: entry.detail ?? '',
    detail_params: JSON.stringify(entry.detailParams ?? {}),
    seq: entry.seq ?? null,
    created_at: entry.createdAt,
    finished_at: entry.finishedAt ?? new Date(),
  };
}

/** A readable summary of point values: "3=55, 4=40". */
export const valuesSummary = (values: ReadonlyArray<{ address: number; value: number }>): string =>
  values.map((v) => `${v.address}=${v.value}`).join(', ');

/** What a reader's view of a logged operation may change. */
export interface LoggedOperation {
  request: Record<string, unknown>;
  summary: string;
  detail: string;
  detail_params: Record<string, string | number>;
}

/** The operator of a call as the log names it (real name, else the account name), acting for the call's company. */
export async function operatorOf(db: Kysely<DB>, scope: DealerScope, ctx: CallContext): Promise<Operator> {
  const userId = sessionOf(ctx).userId;
  const user = await db
    .selectFrom('users')
    .select(['real_name', 'user_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, name: user.real_name || user.user_name, dealerId: scope.dealerId };
}

import { translate, type DeviceOperation, type Locale, type OperationAction, type OperationOutcome } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { offsetOf } from '../managed-accounts/scope.ts';

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
  operator: Operator;
  action: OperationAction;
  request: Record<string, unknown>;
  summary: string;
  outcome: OperationOutcome;
  /** Status name (refused, applied) or message key (rejected). */
  detail?: string;
  detailParams?: Record<string, string | number>;
  seq?: number | null;
  createdAt: Date;
  finishedAt?: Date | null;
}

/** Adds one entry to the device operation log. */
export async function logOperation(db: Kysely<DB>, entry: OperationEntry): Promise<void> {
  await db.insertInto('device_operations').values(operationRow(entry)).execute();
}

export function operationRow(entry: OperationEntry) {
  return {
    device_id: entry.deviceId,
    device_code: entry.deviceCode,
    operator_id: entry.operator.userId,
    operator_name: entry.operator.name,
    dealer_id: entry.operator.dealerId,
    action: entry.action,
    request: JSON.stringify(entry.request),
    summary: entry.summary,
    outcome: entry.outcome,
    detail: entry.detail ?? '',
    detail_params: JSON.stringify(entry.detailParams ?? {}),
    seq: entry.seq ?? null,
    created_at: entry.createdAt,
    finished_at: entry.finishedAt ?? new Date(),
  };
}

/** A readable summary of point values: "3=55, 4=40". */
export const valuesSummary = (values: ReadonlyArray<{ address: number; value: number }>): string => values.map((v) => `${v.address}=${v.value}`).join(', ');

/** What a reader's view of a logged operation may change. */
export interface LoggedOperation { request: Record<string, unknown>; summary: string; detail: string; detail_params: Record<string, string | number> }

/**
 * One page of a device's operation log (the device was found in the caller's scope), newest first, each
 * entry as `readable` lets the reader see it (readable-operation.ts); rejections in the reader's language.
 */
export async function operationPage(
  db: Kysely<DB>, deviceId: string, page: { pageIndex: number; pageSize: number }, locale: Locale, readable: <T extends LoggedOperation>(row: T) => T,
): Promise<{ list: DeviceOperation[]; totalSize: number }> {
  const base = db.selectFrom('device_operations').where('device_id', '=', deviceId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page.pageIndex, page.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(readable).map((row) => ({
      operationId: row.id,
      action: row.action,
      operatorId: row.operator_id,
      operatorName: row.operator_name,
      outcome: row.outcome,
      detail: row.outcome === 'rejected' ? translate(locale, row.detail, row.detail_params) : row.detail,
      summary: row.summary,
      createTime: row.created_at.toISOString(),
      finishTime: row.finished_at?.toISOString() ?? null,
    })),
    totalSize: Number(count.n),
  };
}

import type { PointHistoryDetail, PointHistoryEntry, listPointHistory } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** The point history of protocol versions, as the history calls answer it. */

/** A history list call's request as validated by the contract. */
export type PointHistoryFilter = z.output<typeof listPointHistory.request>;

const HISTORY_COLUMNS = [
  'h.id',
  'h.version_id',
  'h.point_id',
  'h.address',
  'h.code',
  'h.name',
  'h.action',
  'h.changes',
  'h.operator_name',
  'h.created_at',
] as const;

const selectHistory = (db: Kysely<DB>) => db.selectFrom('point_history as h').select(HISTORY_COLUMNS);

type HistoryRow = Awaited<ReturnType<ReturnType<typeof selectHistory>['execute']>>[number];

const toDetail = (row: HistoryRow): PointHistoryDetail => ({
  historyId: row.id,
  versionId: row.version_id,
  pointId: row.point_id ?? '',
  address: row.address,
  pointCode: row.code,
  pointName: row.name,
  action: row.action,
  changedFields: row.changes.map((c) => c.field),
  operator: row.operator_name,
  createTime: isoTime(row.created_at),
  changes: row.changes,
});

const toEntry = (row: HistoryRow): PointHistoryEntry => {
  const { changes: _changes, ...entry } = toDetail(row);
  return entry;
};

/** One page of a version's history, newest first, and how many entries match. */
export async function pointHistoryPage(
  db: Kysely<DB>,
  filter: PointHistoryFilter,
): Promise<{ list: PointHistoryEntry[]; totalSize: number }> {
  let query = db.selectFrom('point_history as h').where('h.version_id', '=', filter.versionId);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) => eb.or([eb('h.code', 'ilike', pattern), eb('h.name', 'ilike', pattern)]));
  }
  if (filter.action) query = query.where('h.action', '=', filter.action);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => filtered.select(HISTORY_COLUMNS).orderBy('h.created_at', 'desc').orderBy('h.id', 'desc'),
    filter,
  );
  return { list: rows.map(toEntry), totalSize };
}

/** A history entry with its field changes, or undefined for a missing or malformed id. */
export async function findPointHistory(db: Kysely<DB>, historyId: string): Promise<PointHistoryDetail | undefined> {
  if (!isIdText(historyId)) return undefined;
  const row = await selectHistory(db).where('h.id', '=', historyId).executeTakeFirst();
  return row && toDetail(row);
}

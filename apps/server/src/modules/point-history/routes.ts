import {
  ErrorCode,
  listPointHistory,
  pointHistoryById,
  type PointHistoryDetail,
  type PointHistoryEntry,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { isoTime, foundOrFail } from '../catalog/index.ts';
import { containsPattern, offsetOf } from '../managed-accounts/index.ts';
import { findVersion } from '../protocols/index.ts';

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

/** The point history of a version (pointHistory, pointHistoryDetail). */
export function pointHistoryRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listPointHistory, async (input) => {
      await foundOrFail(findVersion(db, input.versionId));
      let query = db.selectFrom('point_history as h').where('h.version_id', '=', input.versionId);
      if (input.search) {
        const pattern = containsPattern(input.search);
        query = query.where((eb) => eb.or([eb('h.code', 'ilike', pattern), eb('h.name', 'ilike', pattern)]));
      }
      if (input.action) query = query.where('h.action', '=', input.action);
      const [rows, total] = await Promise.all([
        query
          .select(HISTORY_COLUMNS)
          .orderBy('h.created_at', 'desc')
          .orderBy('h.id', 'desc')
          .limit(input.pageSize)
          .offset(offsetOf(input.pageIndex, input.pageSize))
          .execute(),
        query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(toEntry), totalSize: Number(total.n) };
    }),
    route(pointHistoryById, async (input) => {
      const row = isIdText(input.historyId)
        ? await selectHistory(db).where('h.id', '=', input.historyId).executeTakeFirst()
        : undefined;
      if (!row) fail(ErrorCode.NOT_FOUND);
      return toDetail(row);
    }),
  ];
}

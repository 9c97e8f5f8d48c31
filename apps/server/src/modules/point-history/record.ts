import type { FieldChange, PointAction } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface HistoryEntry {
  versionId: string;
  pointId: string | null;
  address: number;
  pointCode: string;
  pointName: string;
  action: PointAction;
  changes: FieldChange[];
}

export interface Operator {
  userId: string;
  name: string;
}

/** Writes history entries in one statement, however many (an import writes one per changed point). */
export async function recordHistory(
  db: Kysely<DB>,
  entries: readonly HistoryEntry[],
  operator: Operator,
): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((e) => ({
    version_id: e.versionId,
    point_id: e.pointId,
    address: e.address,
    code: e.pointCode,
    name: e.pointName,
    action: e.action,
    changes: e.changes,
  }));
  await sql`
    insert into point_history (version_id, point_id, address, code, name, action, changes, operator_name, operator_id)
    select v.version_id, v.point_id, v.address, v.code, v.name, v.action, v.changes, ${operator.name}, ${operator.userId}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(version_id bigint, point_id bigint, address integer, code text, name text, action text, changes jsonb)`.execute(
    db,
  );
}

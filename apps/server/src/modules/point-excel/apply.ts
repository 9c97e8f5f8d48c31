import type { PointFields, ProtocolPoint } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { diffPoint, recordHistory, type HistoryEntry, type Operator } from '../point-history/index.ts';
import { fieldsOf, pointColumns } from '../points/index.ts';

/**
 * Replaces a version's point table with an imported one: diffed by address, a few bulk statements.
 * A point the import changes moves to its next record version (an editor still open on it gets
 * STALE_VERSION); an unchanged one keeps its version; added points start at 1.
 */

export interface ImportCounts {
  total: number;
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
}

/** Column name and SQL type of every stored point column an import writes. */
const COLUMNS: readonly [string, string][] = [
  ['address', 'integer'],
  ['code', 'text'],
  ['name', 'text'],
  ['en_name', 'text'],
  ['mode', 'text'],
  ['vendor_param', 'boolean'],
  ['basic_info', 'boolean'],
  ['end_user_display', 'boolean'],
  ['client_param', 'boolean'],
  ['hidden', 'boolean'],
  ['code_class', 'text'],
  ['byte_length', 'smallint'],
  ['high_low', 'boolean'],
  ['high_point', 'integer'],
  ['low_point', 'integer'],
  ['data_type_id', 'bigint'],
  ['report_formula', 'text'],
  ['send_formula', 'text'],
  ['fault_type', 'boolean'],
  ['value_range', 'text'],
  ['unit', 'text'],
  ['en_unit', 'text'],
  ['default_value', 'double precision'],
  ['description', 'text'],
  ['en_description', 'text'],
  ['value_kind', 'text'],
  ['enum_items', 'jsonb'],
  ['binary_items', 'jsonb'],
  ['fault_definitions', 'jsonb'],
  ['modifier_name', 'text'],
];
const NAMES = sql.raw(COLUMNS.map(([name]) => name).join(', '));
const FROM_V = sql.raw(COLUMNS.map(([name]) => `v.${name}`).join(', '));
const RECORD = (withId: boolean) =>
  sql.raw(`${withId ? 'id bigint, ' : ''}${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')}`);

/** A point's row as JSON for jsonb_to_recordset (lists stay lists). */
function record(fields: PointFields, modifier: string) {
  return {
    ...pointColumns(fields, modifier),
    enum_items: fields.enumItems,
    binary_items: fields.binaryItems,
    fault_definitions: fields.faultDefinitions,
  };
}

export async function replaceTable(
  trx: Kysely<DB>,
  versionId: string,
  current: readonly ProtocolPoint[],
  incoming: readonly PointFields[],
  dataTypeNames: ReadonlyMap<string, string>,
  operator: Operator,
): Promise<ImportCounts> {
  const byAddress = new Map(current.map((p) => [p.address, p]));
  const incomingAddresses = new Set(incoming.map((p) => p.address));
  const removed = current.filter((p) => !incomingAddresses.has(p.address));
  const added: PointFields[] = [];
  const updated: { point: ProtocolPoint; fields: PointFields }[] = [];
  const history: HistoryEntry[] = [];
  const entry = (
    pointId: string | null,
    p: { address: number; pointCode: string; pointName: string },
    changes: HistoryEntry['changes'],
  ): HistoryEntry => ({
    versionId,
    pointId,
    address: p.address,
    pointCode: p.pointCode,
    pointName: p.pointName,
    action: 'import',
    changes,
  });
  for (const fields of incoming) {
    const old = byAddress.get(fields.address);
    if (!old) added.push(fields);
    else {
      const changes = diffPoint(fieldsOf(old), fields, dataTypeNames);
      if (changes.length) {
        updated.push({ point: old, fields });
        history.push(entry(old.pointId, fields, changes));
      }
    }
  }

  if (removed.length) {
    await trx
      .deleteFrom('protocol_points')
      .where(
        'id',
        'in',
        removed.map((p) => p.pointId),
      )
      .execute();
    for (const p of removed) history.push(entry(null, p, diffPoint(fieldsOf(p), null, dataTypeNames)));
  }
  if (updated.length) {
    // Codes may move between points; park the moving ones first so the unique index never sees two at once.
    const moving = updated.filter((u) => u.point.pointCode !== u.fields.pointCode).map((u) => u.point.pointId);
    if (moving.length)
      await trx
        .updateTable('protocol_points')
        .set({ code: sql`'#' || id::text` })
        .where('id', 'in', moving)
        .execute();
    const rows = updated.map((u) => ({ id: u.point.pointId, ...record(u.fields, operator.name) }));
    await sql`
      update protocol_points p set (${NAMES}, updated_at, version) = (${FROM_V}, now(), p.version + 1)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${RECORD(true)})
      where p.id = v.id`.execute(trx);
  }
  if (added.length) {
    const rows = added.map((fields) => record(fields, operator.name));
    const inserted = await sql<{ id: string; address: number }>`
      insert into protocol_points (version_id, ${NAMES})
      select ${versionId}, ${FROM_V} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${RECORD(false)})
      returning id, address`.execute(trx);
    const ids = new Map(inserted.rows.map((r) => [r.address, String(r.id)]));
    for (const fields of added)
      history.push(entry(ids.get(fields.address) ?? null, fields, diffPoint(null, fields, dataTypeNames)));
  }
  await recordHistory(trx, history, operator);
  return {
    total: incoming.length,
    added: added.length,
    updated: updated.length,
    removed: removed.length,
    unchanged: incoming.length - added.length - updated.length,
  };
}

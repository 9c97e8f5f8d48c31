import { localName, translate, type DeviceOperation, type LoggedChange, type LoggedPointValue } from '@dcc/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceOperationsTable } from '../../db/schema-device-operations.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { pageWithTotal } from '../../db/page.ts';
import { devicePoints, type PointReader } from '../telemetry/index.ts';
import { answerText } from './answer-text.ts';
import { readableOperation } from './readable-operation.ts';
import type { DeviceInScope } from '../devices/index.ts';

type Row = Selectable<DeviceOperationsTable>;

/** What an entry asked beyond its changed fields, for entries written before the log kept fields (migration 036). */
function askedFields(row: Pick<Row, 'changes' | 'request'>): LoggedChange[] {
  if (row.changes.length > 0) return row.changes;
  const asked: LoggedChange[] = [];
  if (typeof row.request.skipAudit === 'boolean')
    asked.push({ field: 'skipAudit', from: null, to: row.request.skipAudit });
  if (typeof row.request.fileName === 'string') asked.push({ field: 'file', from: null, to: row.request.fileName });
  return asked;
}

/** The values a set asked for, named as the reader may see the device's points: a point it may not see (a vendor parameter without B9405) answers its address only. */
async function pointsAsked(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  reader: PointReader,
  rows: readonly Row[],
) {
  const asked = (row: Row) =>
    Array.isArray(row.request.values) ? (row.request.values as Array<{ address: number; value: number }>) : [];
  if (!rows.some((row) => asked(row).length > 0)) return () => [];
  const visible = new Map((await devicePoints(db, profiles, device, reader)).map((point) => [point.address, point]));
  return (row: Row): LoggedPointValue[] =>
    asked(row).map(({ address, value }) => {
      const point = visible.get(address);
      if (!point) return { address, name: '', value: null, unit: '', label: null };
      return {
        address,
        name: localName(reader.locale, point.name, point.enName),
        value,
        unit: point.unit,
        label: point.options.find((option) => option.value === value)?.label ?? null,
      };
    });
}

/** The device's answer (a frame reply's status name; a thing model's own message as it came) or the refusal's reason, in the reader's language. */
function detailOf(row: Row, reader: PointReader): string {
  if (row.outcome === 'rejected') return translate(reader.locale, row.detail, row.detail_params);
  return answerText(reader.locale, row.detail);
}

/** Stored entries of one device as the reader reads them: fields and points by name, the detail in the reader's language. */
async function readableEntries(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  reader: PointReader,
  stored: readonly Row[],
): Promise<DeviceOperation[]> {
  const profile = await profiles.get(device.code);
  const rows = stored.map((row) => readableOperation(reader, profile?.table, row));
  const points = await pointsAsked(db, profiles, device, reader, rows);
  return rows.map((row) => ({
    operationId: row.id,
    action: row.action,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    outcome: row.outcome,
    detail: detailOf(row, reader),
    summary: row.summary,
    changes: askedFields(row),
    points: points(row),
    createTime: row.created_at.toISOString(),
    finishTime: row.finished_at?.toISOString() ?? null,
  }));
}

const entriesOf = (db: Kysely<DB>, device: DeviceInScope) =>
  db.selectFrom('device_operations').where('device_id', '=', device.id);

/** One page of a device's operation log (the device was found in the caller's scope), newest first, in the reader's language. */
export async function operationPage(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  page: { pageIndex: number; pageSize: number },
  reader: PointReader,
): Promise<{ list: DeviceOperation[]; totalSize: number }> {
  const { rows: stored, totalSize } = await pageWithTotal(
    entriesOf(db, device),
    (query) => query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return { list: await readableEntries(db, profiles, device, reader, stored), totalSize };
}

/** How many entries a device's operation log has up to `upToId` (an export counts what it will write). */
export async function countOperations(db: Kysely<DB>, device: DeviceInScope, upToId: string | null): Promise<number> {
  let query = entriesOf(db, device);
  if (upToId !== null) query = query.where('id', '<=', upToId);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest entry id of the whole log when asked (an export writes the entries up to it), null when empty. */
export async function newestOperationId(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('device_operations')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A device's operation log for an export, newest first, one batch at a time, read as the screen reads it:
 * each batch starts after the last entry of the one before (keyset on time and id).
 */
export async function* operationBatches(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  reader: PointReader,
  options: { batchRows: number; upToId: string | null },
): AsyncGenerator<DeviceOperation[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    let query = entriesOf(db, device).selectAll();
    if (options.upToId !== null) query = query.where('id', '<=', options.upToId);
    if (after) {
      const { at, id } = after;
      query = query.where(sql<boolean>`(created_at, id) < (${at}, ${id}::bigint)`);
    }
    const stored = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.batchRows).execute();
    if (stored.length === 0) return;
    const last = stored[stored.length - 1]!;
    after = { at: last.created_at, id: last.id };
    yield await readableEntries(db, profiles, device, reader, stored);
    if (stored.length < options.batchRows) return;
  }
}

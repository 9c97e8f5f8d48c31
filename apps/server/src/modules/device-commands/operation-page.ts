import { localName, translate, type DeviceOperation, type LoggedChange, type LoggedPointValue } from '@dcc/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceOperationsTable } from '../../db/schema-device-operations.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { offsetOf } from '../managed-accounts/index.ts';
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

/** One page of a device's operation log (the device was found in the caller's scope), newest first, in the reader's language. */
export async function operationPage(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  page: { pageIndex: number; pageSize: number },
  reader: PointReader,
): Promise<{ list: DeviceOperation[]; totalSize: number }> {
  const base = db.selectFrom('device_operations').where('device_id', '=', device.id);
  const [stored, count, profile] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page.pageIndex, page.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    profiles.get(device.code),
  ]);
  const rows = stored.map((row) => readableOperation(reader, profile?.table, row));
  const points = await pointsAsked(db, profiles, device, reader, rows);
  return {
    list: rows.map((row) => ({
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
    })),
    totalSize: Number(count.n),
  };
}

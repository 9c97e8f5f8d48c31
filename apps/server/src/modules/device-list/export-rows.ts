import type { DeviceListQuery, Locale } from '@dcc/contract';
import {
  DEVICE_LIST_COLUMNS,
  deviceColumnTitleKey,
  excelColumnWidth,
  localName,
  translate,
  zonedDateTime,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { deviceListCondition, offlineTexts, scopedDevices } from '../devices/index.ts';
import type { VendorReader } from '../points/index.ts';

export const EXPORT_BATCH_ROWS = 1000;

export type Cell = string | number | null;

/** The export's header: the screen's column titles (DEVICE_LIST_COLUMNS, whose order exportCells follows). */
export const exportHeader = (locale: Locale): string[] =>
  DEVICE_LIST_COLUMNS.map((column) => translate(locale, deviceColumnTitleKey(column.key)));

/** The export's column widths: the screen's. */
export const exportWidths = (): number[] => DEVICE_LIST_COLUMNS.map((column) => excelColumnWidth(column.width));

/** What the export reads of a device: the columns it writes and the keyset, nothing more (a list row holds about 30). */
function selectExportRow(query: ReturnType<typeof scopedDevices>) {
  return query.select([
    'dv.id',
    'dv.created_at',
    'dv.device_code',
    'dv.device_name',
    'p.name as product_name',
    'p.en_name as product_en_name',
    's.name as group_name',
    's.en_name as group_en_name',
    'dv.sn',
    'dv.model',
    'od.name as dealer_name',
    'dv.status',
    'dv.offline_code',
    'dv.signal',
    'dv.last_online_at',
    sql<boolean>`coalesce((select true from device_faults df where df.device_id = dv.id and df.closed_at is null limit 1), false)`.as(
      'fault',
    ),
  ]);
}

export type ExportRow = Awaited<ReturnType<ReturnType<typeof selectExportRow>['execute']>>[number];

/** Who reads the export: the caller's language and the platform's time zone. */
export interface ExportReader {
  locale: Locale;
  timeZone: string;
}

/**
 * A device row as cells in the caller's language; the few texts of status, fault and signal are
 * translated once per export, not per row (100,000 rows make every allocation per row count).
 */
export function exportCells({ locale, timeZone }: ExportReader): (row: ExportRow) => Cell[] {
  /** 'YYYY-MM-DD HH:mm:ss' in the platform's zone, as the list shows times. */
  const time = (value: Date | null) => (value ? zonedDateTime(value, timeZone) : '');
  const labels = new Map<string, string>();
  const label = (key: string) => labels.get(key) ?? labels.set(key, translate(locale, key)).get(key)!;
  return (row) => [
    row.device_code,
    row.device_name,
    localName(locale, row.product_name, row.product_en_name),
    localName(locale, row.group_name, row.group_en_name),
    row.sn,
    row.model,
    '',
    row.dealer_name,
    label(`devices.export.status.${row.status}`),
    offlineTexts(row.offline_code, locale).offlineReason ?? '',
    label(`devices.export.fault.${row.fault ? 'yes' : 'no'}`),
    row.signal ? label(`devices.export.signal.${row.signal}`) : '',
    time(row.last_online_at),
    time(row.created_at),
  ];
}

/**
 * The scope's devices matching the query in create-time order (the query's direction), one batch
 * at a time: each batch starts after the last row of the one before (keyset), so memory holds one
 * batch and a deep batch costs what the first does.
 */
export async function* exportBatches(
  db: Kysely<DB>,
  scope: DealerScope,
  reader: VendorReader,
  query: DeviceListQuery,
): AsyncGenerator<ExportRow[]> {
  const descending = query.sortOrder !== 'ascend';
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    let batch = scopedDevices(db, scope).where((eb) => deviceListCondition(eb, query, reader));
    if (after) {
      const { createdAt, id } = after;
      batch = batch.where(
        descending
          ? sql<boolean>`(dv.created_at, dv.id) < (${createdAt}, ${id}::bigint)`
          : sql<boolean>`(dv.created_at, dv.id) > (${createdAt}, ${id}::bigint)`,
      );
    }
    const rows = await selectExportRow(batch)
      .orderBy('dv.created_at', descending ? 'desc' : 'asc')
      .orderBy('dv.id', descending ? 'desc' : 'asc')
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
    yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
  }
}

import type { Device, DeviceListQuery, Locale } from '@dcc/contract';
import { translate } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { deviceListCondition } from '../devices/device-filter-sql.ts';
import { scopedDevices, selectItem, toDevice } from '../devices/repo.ts';

/** The columns of the device list as the export writes them, in this order. */
export const EXPORT_COLUMNS = [
  'deviceCode', 'deviceName', 'productName', 'groupName', 'sn', 'model', 'projectName', 'ownerDealerName', 'status', 'offlineReason', 'faultState', 'signal', 'lastOnlineTime', 'createTime',
] as const;

export const EXPORT_BATCH_ROWS = 1000;

export type Cell = string | number | null;

export const exportHeader = (locale: Locale): string[] => EXPORT_COLUMNS.map((column) => translate(locale, `devices.export.column.${column}`));

/** A device as a row of cells: texts in the caller's language, times as 'YYYY-MM-DD HH:mm:ss' UTC. */
export function exportCells(device: Device, locale: Locale): Cell[] {
  const time = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : '');
  return EXPORT_COLUMNS.map((column) => {
    switch (column) {
      case 'status':
        return translate(locale, `devices.export.status.${device.status}`);
      case 'faultState':
        return translate(locale, `devices.export.fault.${device.faultState ? 'yes' : 'no'}`);
      case 'signal':
        return device.signal ? translate(locale, `devices.export.signal.${device.signal}`) : '';
      case 'offlineReason':
        return device.offlineReason ?? '';
      case 'lastOnlineTime':
      case 'createTime':
        return time(device[column]);
      default:
        return device[column];
    }
  });
}

/**
 * The scope's devices matching the query in create-time order (the query's direction), one batch
 * at a time: each batch starts after the last row of the one before (keyset), so memory holds one
 * batch and a deep batch costs what the first does.
 */
export async function* exportBatches(db: Kysely<DB>, scope: DealerScope, query: DeviceListQuery, locale: Locale): AsyncGenerator<Device[]> {
  const descending = query.sortOrder !== 'ascend';
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    let batch = scopedDevices(db, scope).where((eb) => deviceListCondition(eb, query));
    if (after) {
      const { createdAt, id } = after;
      batch = batch.where(descending ? sql<boolean>`(dv.created_at, dv.id) < (${createdAt}, ${id}::bigint)` : sql<boolean>`(dv.created_at, dv.id) > (${createdAt}, ${id}::bigint)`);
    }
    const rows = await selectItem(batch)
      .orderBy('dv.created_at', descending ? 'desc' : 'asc')
      .orderBy('dv.id', descending ? 'desc' : 'asc')
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.deviceId };
    yield rows.map(toDevice(locale));
    if (rows.length < EXPORT_BATCH_ROWS) return;
  }
}

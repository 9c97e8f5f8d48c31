import {
  FOUR_G_NETWORK_METHOD,
  initializationStatusOf,
  localName,
  type InitializationStatus,
  type Locale,
  type OtaDevice,
  type OtaGeneration,
  type OtaRollbackRecord,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { devicesOfScope } from '../devices/index.ts';
import { containsPattern, ownerInSubtree } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';
import { INITIALIZATION_STATUS_SQL } from './status-sql.ts';
import { deviceRows } from './task-repo.ts';

/** The devices of an area in the scope (4G: products networked over cellular), newest first. */
export async function otaDevicePage(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  query: {
    pageIndex: number;
    pageSize: number;
    deviceCode: string;
    productId: string;
    softwareVersion: string;
    online: '' | 'online' | 'offline';
  },
  locale: Locale,
): Promise<{ list: OtaDevice[]; totalSize: number }> {
  let base = devicesOfScope(db, scope)
    .innerJoin('products as p', 'p.id', 'dv.product_id')
    .where('p.network_method', generation === 'fourG' ? '=' : '<>', FOUR_G_NETWORK_METHOD);
  if (query.deviceCode !== '') base = base.where('dv.device_code', 'ilike', containsPattern(query.deviceCode));
  if (query.productId !== '') base = base.where('dv.product_id', '=', query.productId);
  if (query.softwareVersion !== '') base = base.where('dv.software_version', '=', query.softwareVersion);
  if (query.online !== '') base = base.where('dv.connected', '=', query.online === 'online');
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) =>
      filtered
        .select([
          'dv.id',
          'dv.device_code',
          'dv.device_name',
          'dv.product_id',
          'p.name as product_name',
          'p.en_name as product_en_name',
          'dv.software_code',
          'dv.software_version',
          'dv.connected',
          'dv.last_online_at',
          'od.name as dealer_name',
        ])
        .orderBy('dv.id', 'desc'),
    query,
  );
  return {
    list: rows.map((r) => ({
      deviceId: r.id,
      deviceCode: r.device_code,
      deviceName: r.device_name,
      productId: r.product_id,
      productName: localName(locale, r.product_name, r.product_en_name),
      softwareCode: r.software_code,
      softwareVersion: r.software_version,
      online: r.connected,
      lastOnlineTime: r.last_online_at?.toISOString() ?? null,
      dealersName: r.dealer_name,
    })),
    totalSize,
  };
}

/** Task device rows of the area's tasks whose device is in the scope (`td`, `dv`, `od`, `t`). */
const areaRows = (db: Kysely<DB>, scope: DealerScope, generation: OtaGeneration) =>
  deviceRows(db)
    .innerJoin('ota_tasks as t', 't.id', 'td.task_id')
    .where('t.generation', '=', generation)
    .where(ownerInSubtree(scope, 'od'));

/** The devices of the area's rollback (initialize) tasks with their initialization status, newest first. */
export async function rollbackPage(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  query: { pageIndex: number; pageSize: number; deviceCode: string; status: InitializationStatus | '' },
): Promise<{ list: OtaRollbackRecord[]; totalSize: number }> {
  let base = areaRows(db, scope, generation).where('t.rollback', '=', true);
  if (query.deviceCode !== '') base = base.where('dv.device_code', 'ilike', containsPattern(query.deviceCode));
  if (query.status !== '') base = base.where(INITIALIZATION_STATUS_SQL, '=', query.status);
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) =>
      filtered
        .select([
          'td.task_id',
          'td.device_id',
          'dv.device_code',
          'dv.device_name',
          't.firmware_name',
          'td.from_version',
          'td.to_version',
          'td.state',
          'td.reason',
          't.created_at',
          'td.updated_at',
        ])
        .orderBy('td.id', 'desc'),
    query,
  );
  return {
    list: rows.map((r) => {
      const status = initializationStatusOf(r.state);
      return {
        taskId: r.task_id,
        deviceId: r.device_id,
        deviceCode: r.device_code,
        deviceName: r.device_name,
        firmwareName: r.firmware_name,
        fromVersion: r.from_version,
        toVersion: r.to_version,
        status,
        reason: status === 'failure' ? (r.reason ?? r.state) : null,
        createTime: r.created_at.toISOString(),
        updateTime: r.updated_at.toISOString(),
      };
    }),
    totalSize,
  };
}

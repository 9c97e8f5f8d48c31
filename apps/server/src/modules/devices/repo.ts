import { localName, type Device, type DeviceListQuery, type Locale } from '@dcc/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { ChangeLog } from '../device-writer/index.ts';
import { insertDevices } from '../device-writer/index.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';
import { deviceRowOf, devicesOfScope, type DeviceInScope } from './device-in-scope.ts';
import type { VendorReader } from '../points/index.ts';
import { deviceListCondition, projectNameSql } from './device-filter-sql.ts';
import { offlineTexts } from './offline-texts.ts';
import { countHorizonOf, countUpTo, offsetOf } from '../../db/page.ts';

/** Devices, always read and written within a scope: owned by a dealer of the scope's subtree. */

export type DevicePageRequest = DeviceListQuery & { pageIndex: number; pageSize: number };

export const SORT_COLUMNS = { createTime: 'dv.created_at', lastOnlineTime: 'dv.last_online_at' } as const;

const withProduct = (query: ReturnType<typeof devicesOfScope>) =>
  query.innerJoin('products as p', 'p.id', 'dv.product_id').innerJoin('series as s', 's.id', 'p.series_id');

export const scopedDevices = (db: Kysely<DB>, scope: DealerScope) => withProduct(devicesOfScope(db, scope));

export function selectItem(query: ReturnType<typeof scopedDevices>) {
  return query.select([
    // A scalar subquery with a limit is looked up per listed row; an exists() here was planned as a hash of every open fault.
    sql<boolean>`coalesce((select true from device_faults df where df.device_id = dv.id and df.closed_at is null limit 1), false)`.as(
      'faultState',
    ),
    projectNameSql.as('projectName'),
    sql<number | null>`(select pj.check_state from projects pj where pj.id = dv.project_id)`.as('projectCheckState'),
    'dv.awaiting_audit as awaitingAudit',
    'dv.id as deviceId',
    'dv.device_code as deviceCode',
    'dv.device_name as deviceName',
    'dv.product_id as productId',
    'p.name as productName',
    'p.en_name as product_en_name',
    'p.message_type as productMessageType',
    's.name as groupName',
    's.en_name as group_en_name',
    'dv.sn',
    'dv.model',
    'od.id as ownerDealerId',
    'od.name as ownerDealerName',
    'od.code as ownerDealerCode',
    'dv.project_id as projectId',
    'dv.status',
    'dv.locked',
    'dv.important as isImportant',
    'dv.activated_at',
    'dv.warranty_until',
    'dv.imei',
    'dv.icc_id as iccId',
    'dv.software_code as softwareCode',
    'dv.software_version as softwareVersion',
    'dv.signal',
    'dv.dtu_link as dtuLink',
    'dv.last_online_at',
    'dv.offline_code as offlineCode',
    'dv.connected',
    'dv.address',
    'dv.province_code as provinceCode',
    'dv.city_code as cityCode',
    'dv.version',
    'dv.created_at',
  ]);
}

type DeviceRow = Awaited<ReturnType<ReturnType<typeof selectItem>['executeTakeFirstOrThrow']>>;
const time = (value: Date | null): string | null => value && value.toISOString();
export const toDevice =
  (locale: Locale) =>
  ({
    activated_at,
    warranty_until,
    last_online_at,
    created_at,
    product_en_name,
    group_en_name,
    ...row
  }: DeviceRow): Device => ({
    ...row,
    // Named as every other list names a product: in the reader's language, the other where it has none.
    productName: localName(locale, row.productName, product_en_name),
    groupName: localName(locale, row.groupName, group_en_name),
    ...offlineTexts(row.offlineCode, locale),
    projectCheckState: row.projectCheckState as Device['projectCheckState'],
    activateTime: time(activated_at),
    warrantyUntil: time(warranty_until),
    lastOnlineTime: time(last_online_at),
    createTime: created_at.toISOString(),
  });

/**
 * One page of the scope's devices matching the query and how many match: exactly when fewer than
 * COUNT_AHEAD_PAGES pages follow, otherwise the rows counted that far (an exact count of a
 * filter over a million devices reads them all; countDevices answers it on its own, bounded or not).
 */
export async function listDevicePage(
  db: Kysely<DB>,
  scope: DealerScope,
  reader: VendorReader,
  filter: DevicePageRequest,
  locale: Locale,
): Promise<{ list: Device[]; totalSize: number; totalExact: boolean }> {
  const direction = filter.sortOrder === 'ascend' ? 'asc' : 'desc';
  // Devices never online sort last either way (the index devices_last_online_idx holds that order).
  const inListOrder = (query: ReturnType<typeof scopedDevices>) =>
    query
      .orderBy(sql.ref(SORT_COLUMNS[filter.sortField]), (order) =>
        filter.sortField === 'lastOnlineTime' ? order[direction]().nullsLast() : order[direction](),
      )
      .orderBy('dv.id', direction);
  const ordered = inListOrder(scopedDevices(db, scope).where((eb) => deviceListCondition(eb, filter, reader)));
  const offset = offsetOf(filter.pageIndex, filter.pageSize);
  const horizon = countHorizonOf({ limit: filter.pageSize, offset });
  // How many match up to the horizon does not depend on their order. Led by an open fault code, the count starts from
  // the faults and needs no order (PostgreSQL stops at the horizon instead of finding and sorting every match); any
  // other filter is counted in list order, which walks the sort index and stops early where matches are common.
  const ahead = leadsWithFaultCode(filter)
    ? scopedDevices(db, scope)
        .where((eb) => deviceListCondition(eb, filter, reader, 'faultsFirst'))
        .select('dv.id')
    : inListOrder(scopedDevices(db, scope).where((eb) => deviceListCondition(eb, filter, reader))).select('dv.id');
  const [rows, counted] = await Promise.all([
    selectItem(ordered).limit(filter.pageSize).offset(offset).execute(),
    countUpTo(db, ahead, horizon),
  ]);
  return { list: rows.map(toDevice(locale)), ...counted };
}

/** Whether every device the filter matches has an open fault of a given code (all conditions joined by and, one of them `faultCode =`). */
function leadsWithFaultCode(query: Pick<DeviceListQuery, 'filter'>): boolean {
  const conditions = query.filter?.conditions ?? [];
  return (
    (query.filter?.combinator !== 'or' || conditions.length === 1) &&
    conditions.some((condition) => condition.field === 'faultCode' && condition.symbol === '=')
  );
}

/** How many devices of the scope match the query, exactly. */
export async function countDevices(
  db: Kysely<DB>,
  scope: DealerScope,
  reader: VendorReader,
  query: Pick<DeviceListQuery, 'keyword' | 'filter'>,
): Promise<number> {
  const row = await db
    .selectFrom(matching(db, scope, reader, query).as('matched'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many devices of the scope match the query, counted up to `upTo`: exact when at most that many
 * (totalExact), else `upTo`, a lower bound. The count stops at upTo + 1 matches, so a filter matching
 * most of a large fleet costs a walk of that many rows, not of the fleet.
 */
export async function countDevicesUpTo(
  db: Kysely<DB>,
  scope: DealerScope,
  reader: VendorReader,
  query: Pick<DeviceListQuery, 'keyword' | 'filter'>,
  upTo: number,
): Promise<{ totalSize: number; totalExact: boolean }> {
  return countUpTo(db, matching(db, scope, reader, query), upTo);
}

function matching(
  db: Kysely<DB>,
  scope: DealerScope,
  reader: VendorReader,
  query: Pick<DeviceListQuery, 'keyword' | 'filter'>,
) {
  return db
    .selectFrom('devices as dv')
    .where('dv.dealer_id', 'in', (eb) =>
      eb.selectFrom('dealers as od').select('od.id').where(ownerInSubtree(scope, 'od')),
    )
    .where((eb) => deviceListCondition(eb, query, reader))
    .select('dv.id');
}

/** A device of the scope as the console shows it, offline texts in `locale`; undefined when it was deleted since it was found. */
export async function findDevice(db: Kysely<DB>, device: DeviceInScope, locale: Locale): Promise<Device | undefined> {
  const row = await selectItem(withProduct(deviceRowOf(db, device))).executeTakeFirst();
  return row && toDevice(locale)(row);
}

/** Whether another device holds the IoT code or (non-empty) SN. */
export async function deviceCodeTaken(db: Kysely<DB>, deviceCode: string): Promise<boolean> {
  return (
    (await db.selectFrom('devices').select('id').where('device_code', '=', deviceCode).executeTakeFirst()) !== undefined
  );
}

export async function snTaken(db: Kysely<DB>, sn: string, exceptId: string | null): Promise<boolean> {
  if (sn === '') return false;
  let query = db.selectFrom('devices').select('id').where('sn', '=', sn);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function productExists(db: Kysely<DB>, productId: string): Promise<boolean> {
  return (
    isIdText(productId) &&
    (await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()) !== undefined
  );
}

export interface NewDevice {
  deviceCode: string;
  deviceName: string;
  productId: string;
  sn: string;
  model: string;
  address: string;
  /** '' (unknown) when absent. */
  provinceCode?: string;
  cityCode?: string;
  dealerId: string;
  secretBox: Buffer;
}

/** Inserts a device for an owner found in scope (ownerForNewRecord), logged by the one writer; answers its id. */
export async function insertDevice(trx: Transaction<DB>, device: NewDevice, log: ChangeLog): Promise<string> {
  const [written] = await insertDevices(
    trx,
    [
      {
        device_code: device.deviceCode,
        device_name: device.deviceName,
        product_id: device.productId,
        sn: device.sn,
        model: device.model,
        address: device.address,
        province_code: device.provinceCode ?? '',
        city_code: device.cityCode ?? '',
        dealer_id: device.dealerId,
        secret_box: device.secretBox,
      },
    ],
    log,
  );
  return written!.deviceId;
}

/** The sealed secret of a device by IoT code (the sign-in check opens it); undefined for an unknown code. */
export async function secretBoxOf(db: Kysely<DB>, deviceCode: string): Promise<Buffer | undefined> {
  return (await db.selectFrom('devices').select('secret_box').where('device_code', '=', deviceCode).executeTakeFirst())
    ?.secret_box;
}

import { localName, type FaultLevel, type FaultStatus, type FaultType, type Locale } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { devicesOfScope } from '../devices/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { levelViewable } from './fault-levels.ts';
import { pageWithTotal } from '../../db/page.ts';

/** What the fault list filters by; times are ISO instants on the fault's start. */
export interface FaultFilter {
  keyword: string;
  faultCode: string;
  level: '' | FaultLevel;
  status: '' | FaultStatus;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** A fault row with its device, product and dealer, before the description is added. */
export interface FaultRow {
  faultId: string;
  deviceId: string;
  deviceCode: string;
  deviceName: string;
  productName: string;
  productMessageType: string;
  dealersName: string;
  address: number;
  faultCode: string;
  level: number;
  faultType: FaultType;
  status: FaultStatus;
  startTime: string;
  endTime: string | null;
  repairedBy: string;
  repairedAt: string | null;
  stillReported: boolean;
  reportedAgainAt: string | null;
}

/** Faults of the subtree's devices that the caller may view, joined to what a row shows. */
function scopedFaults(db: Kysely<DB>, scope: DealerScope, userId: string) {
  return devicesOfScope(db, scope)
    .innerJoin('device_faults as f', 'f.device_id', 'dv.id')
    .where(levelViewable(userId, scope.dealerId));
}

type Scoped = ReturnType<typeof scopedFaults>;

function filtered(query: Scoped, filter: FaultFilter): Scoped {
  let q = query;
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('dv.device_code', 'ilike', pattern), eb('dv.device_name', 'ilike', pattern)]));
  }
  if (filter.faultCode) q = q.where('f.fault_code', '=', filter.faultCode);
  if (filter.level !== '') q = q.where('f.level', '=', filter.level);
  if (filter.status === 'notRepaired') q = q.where('f.closed_at', 'is', null);
  if (filter.status === 'repaired') q = q.where('f.closed_at', 'is not', null);
  if (filter.startTime) q = q.where('f.opened_at', '>=', new Date(filter.startTime));
  if (filter.endTime) q = q.where('f.opened_at', '<=', new Date(filter.endTime));
  return q;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function withColumns(query: Scoped) {
  return query.innerJoin('products as p', 'p.id', 'dv.product_id').select([
    'f.id',
    'f.device_id',
    'dv.device_code',
    'dv.device_name',
    'p.name as product_name',
    'p.en_name as product_en_name',
    'p.message_type',
    'od.name as dealer_name',
    'f.address',
    'f.fault_code',
    'f.level',
    'f.fault_type',
    'f.opened_at',
    'f.closed_at',
    'f.repaired_by_name',
    'f.repaired_at',
    'dv.connected',
    // The same fault of the same point opened again after a person marked this one repaired (the device still reported it).
    sql<Date | null>`(select min(again.opened_at) from device_faults again
        where f.repaired_at is not null and again.device_id = f.device_id and again.address = f.address
          and again.fault_code = f.fault_code and again.opened_at >= f.repaired_at)`.as('reported_again_at'),
  ]);
}

type RawFault = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

function toRow(r: RawFault, locale: Locale): FaultRow {
  return {
    faultId: r.id,
    deviceId: r.device_id,
    deviceCode: r.device_code,
    deviceName: r.device_name,
    productName: localName(locale, r.product_name, r.product_en_name),
    productMessageType: r.message_type,
    dealersName: r.dealer_name,
    address: r.address,
    faultCode: r.fault_code,
    level: r.level,
    faultType: r.fault_type,
    status: r.closed_at === null ? 'notRepaired' : 'repaired',
    startTime: iso(r.opened_at)!,
    endTime: iso(r.closed_at),
    repairedBy: r.repaired_by_name,
    repairedAt: iso(r.repaired_at),
    stillReported: r.closed_at === null && r.connected,
    reportedAgainAt: iso(r.reported_again_at),
  };
}

/** One page of the faults the caller may view, newest first, and how many match. */
export async function faultPage(
  db: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  locale: Locale,
  filter: FaultFilter,
  page: { limit: number; offset: number },
): Promise<{ list: FaultRow[]; totalSize: number }> {
  const query = filtered(scopedFaults(db, scope, userId), filter);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => withColumns(filtered).orderBy('f.opened_at', 'desc').orderBy('f.id', 'desc'),
    page,
  );
  return { totalSize, list: rows.map((r) => toRow(r, locale)) };
}

/** The fault when the caller may view it (else undefined: foreign, hidden by level, or missing alike). */
export async function faultInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  locale: Locale,
  faultId: string,
): Promise<FaultRow | undefined> {
  if (!isIdText(faultId)) return undefined;
  const row = await withColumns(scopedFaults(db, scope, userId).where('f.id', '=', faultId)).executeTakeFirst();
  return row && toRow(row, locale);
}

/** Closes an open fault as repaired by `operator`; false when it was closed already (by the device or another person). */
export async function closeAsRepaired(
  db: Kysely<DB>,
  faultId: string,
  operator: { userId: string; name: string },
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('device_faults')
    .set({
      closed_at: at,
      repaired: true,
      repaired_at: at,
      repaired_by: operator.userId,
      repaired_by_name: operator.name,
    })
    .where('id', '=', faultId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

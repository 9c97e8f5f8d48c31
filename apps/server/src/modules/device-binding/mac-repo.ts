import type { MacEntry, MacState } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';
import { containsPattern, ownerInSubtree } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** MAC addresses of companies (device_macs), always read within a scope: held by a dealer of the scope's subtree. */

export interface MacFilter {
  mac: string;
  deviceCode: string;
  state: '' | MacState;
  pageIndex: number;
  pageSize: number;
}

function scopedMacs(db: Kysely<DB>, scope: DealerScope) {
  return db
    .selectFrom('device_macs as m')
    .innerJoin('dealers as od', 'od.id', 'm.owner_dealer_id')
    .leftJoin('devices as dv', 'dv.id', 'm.device_id')
    .where(ownerInSubtree(scope, 'od'));
}

function selectItem(query: ReturnType<typeof scopedMacs>) {
  return query.select([
    'm.id as macId',
    'm.mac',
    'm.state',
    'm.device_id as deviceId',
    'dv.device_code as deviceCode',
    'dv.device_name as deviceName',
    'od.id as ownerDealerId',
    'od.name as ownerDealerName',
    'od.path as ownerPath',
    'm.occupied_at',
    'm.succeeded_at',
    'm.created_at',
  ]);
}

/** A MAC of the scope, with the path of the company holding it (devices it may go to lie under it). */
export type ScopedMac = MacEntry & { ownerPath: string };

type MacRow = Awaited<ReturnType<ReturnType<typeof selectItem>['executeTakeFirstOrThrow']>>;
const time = (value: Date | null): string | null => value && value.toISOString();
const toMac = ({ occupied_at, succeeded_at, created_at, ...row }: MacRow): ScopedMac => ({
  ...row,
  occupiedTime: time(occupied_at),
  succeededTime: time(succeeded_at),
  createTime: created_at.toISOString(),
});

/** The answer form of a MAC (without the owner's path). */
export const macAnswer = ({ ownerPath: _path, ...entry }: ScopedMac): MacEntry => entry;

/** One page of the scope's MAC addresses, newest first, and how many match. */
export async function macPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: MacFilter,
): Promise<{ list: MacEntry[]; totalSize: number }> {
  let query = scopedMacs(db, scope);
  // Searching 'aabb' finds 'AA:BB:..': separators and case are ignored.
  const macText = filter.mac.toUpperCase().replace(/[^0-9A-F]/g, '');
  if (macText)
    query = query.where((eb) =>
      eb(eb.fn('replace', ['m.mac', eb.val(':'), eb.val('')]), 'like', containsPattern(macText)),
    );
  if (filter.deviceCode) query = query.where('dv.device_code', 'ilike', containsPattern(filter.deviceCode));
  if (filter.state) query = query.where('m.state', '=', filter.state);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => selectItem(filtered).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'),
    filter,
  );
  return { list: rows.map(toMac).map(macAnswer), totalSize };
}

/** A MAC of the scope, or undefined for a missing or foreign id alike. */
export async function findMac(db: Kysely<DB>, scope: DealerScope, macId: string): Promise<ScopedMac | undefined> {
  if (!isIdText(macId)) return undefined;
  const row = await selectItem(scopedMacs(db, scope)).where('m.id', '=', macId).executeTakeFirst();
  return row && toMac(row);
}

/** Which of these addresses exist already (anywhere: a hardware address is global). */
export async function existingMacs(db: Kysely<DB>, macs: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('device_macs').select('mac').where('mac', 'in', macs).execute();
  return rows.map((row) => row.mac);
}

/** The MAC a device of the scope holds, if any. */
export async function macOfDevice(db: Kysely<DB>, device: DeviceInScope): Promise<string | undefined> {
  return (await db.selectFrom('device_macs').select('mac').where('device_id', '=', device.id).executeTakeFirst())?.mac;
}

import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';

/**
 * "The device with this id (or IoT code) in the caller's subtree", written once. Console calls find a device
 * here and hand the answer to the device-keyed reads and writes, which take a `DeviceInScope` instead of an
 * id: a handler that skips the lookup does not compile. Device-initiated paths (the ingest) have no caller
 * and no scope; they keep their own reads by IoT code and never make a `DeviceInScope`.
 */

/** Not exported: only this module writes the brand, so only a lookup within a scope makes a `DeviceInScope`. */
declare const foundInScope: unique symbol;

/** A device found in the subtree of the company a call acts for (tests find one under a `testScope`). */
export interface DeviceInScope {
  readonly [foundInScope]: true;
  readonly id: string;
  /** The IoT code. */
  readonly code: string;
  readonly productId: string;
  /** The owner dealer. */
  readonly dealerId: string;
  /** The owner's materialized path (devices and MACs it holds lie under it). */
  readonly dealerPath: string;
}

const withOwner = (db: Kysely<DB>) =>
  db.selectFrom('devices as dv').innerJoin('dealers as od', 'od.id', 'dv.dealer_id');

/**
 * Devices (alias `dv`) joined to their owner dealer (alias `od`), those of the scope's subtree only: the start
 * of every console query over the scope's devices (lists, pages, counts, selections).
 */
export const devicesOfScope = (db: Kysely<DB>, scope: DealerScope) => withOwner(db).where(ownerInSubtree(scope, 'od'));

/** The row of a device found in scope joined to its owner, under the same aliases, to read more of it. */
export const deviceRowOf = (db: Kysely<DB>, device: DeviceInScope) => withOwner(db).where('dv.id', '=', device.id);

const COLUMNS = ['dv.id', 'dv.device_code', 'dv.product_id', 'dv.dealer_id', 'od.path'] as const;

type Row = { id: string; device_code: string; product_id: string; dealer_id: string; path: string };
const branded = (row: Row): DeviceInScope =>
  ({
    id: row.id,
    code: row.device_code,
    productId: row.product_id,
    dealerId: row.dealer_id,
    dealerPath: row.path,
  }) as DeviceInScope;

/** The device of the scope with this id or IoT code; undefined for a missing or foreign one alike. */
export async function findDeviceInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  by: { id: string } | { code: string },
): Promise<DeviceInScope | undefined> {
  if ('id' in by && !isIdText(by.id)) return undefined;
  const query = devicesOfScope(db, scope).select(COLUMNS);
  const row = await (
    'id' in by ? query.where('dv.id', '=', by.id) : query.where('dv.device_code', '=', by.code)
  ).executeTakeFirst();
  return row && branded(row);
}

/** The device of the scope with this id or IoT code; NOT_FOUND for a missing or foreign one alike. */
export const deviceInScope = (
  db: Kysely<DB>,
  scope: DealerScope,
  by: { id: string } | { code: string },
): Promise<DeviceInScope> => foundOrFail(findDeviceInScope(db, scope, by));

/**
 * The selected devices, all of the scope's subtree, in no particular order; a foreign, missing or repeated
 * id fails with NOT_FOUND like any foreign id. `forUpdate` locks their rows (inside a transaction).
 */
export async function devicesInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  deviceIds: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<DeviceInScope[]> {
  if (!deviceIds.every(isIdText)) fail(ErrorCode.NOT_FOUND);
  const query = devicesOfScope(db, scope)
    .select(COLUMNS)
    .where('dv.id', 'in', [...deviceIds]);
  const rows = await (options.forUpdate ? query.forUpdate('dv') : query).execute();
  if (rows.length !== deviceIds.length) fail(ErrorCode.NOT_FOUND);
  return rows.map(branded);
}

/** The device-writer's key of a device (its id and IoT code). */
export const writtenDevice = (device: DeviceInScope): { deviceId: string; deviceCode: string } => ({
  deviceId: device.id,
  deviceCode: device.code,
});

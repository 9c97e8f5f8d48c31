import { ErrorCode, type MacEntry, type MacState } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import type { Acting, WrittenDevice } from '../device-writer/index.ts';
import { moveDeviceMac } from '../device-writer/index.ts';
import { deleteFreeMac, insertFreeMacs } from '../device-writer/index.ts';
import { deviceInScope, writtenDevice } from '../devices/index.ts';
import { existingMacs, findMac, macAnswer, macOfDevice, type ScopedMac } from './mac-repo.ts';

/**
 * The rules of MAC mapping (contract mac-mapping.ts): undistributed -> occupied (allocate to a device of
 * the MAC owner's subtree, one MAC per device) -> succeeded (confirm); release returns either to
 * undistributed; only an undistributed MAC is deleted. Each move is one conditional update on the state
 * it starts from, so two operators acting at once cannot both win.
 */

const macInScope = (db: Kysely<DB>, scope: DealerScope, macId: string): Promise<ScopedMac> =>
  foundOrFail(findMac(db, scope, macId));

/** Adds addresses to the scope's company, all or none; the first repeated or existing one is named. */
export async function addScopedMacs(
  db: Kysely<DB>,
  scope: DealerScope,
  macs: readonly string[],
): Promise<{ added: number }> {
  const seen = new Set<string>();
  for (const mac of macs) {
    if (seen.has(mac)) fail(ErrorCode.MAC_REPEATED, { mac });
    seen.add(mac);
  }
  const [taken] = await existingMacs(db, macs);
  if (taken !== undefined) fail(ErrorCode.MAC_TAKEN, { mac: taken });
  return { added: await db.transaction().execute((trx) => insertFreeMacs(trx, scope.dealerId, macs)) };
}

const ACTION_OF = { occupied: 'allocateMac', succeeded: 'confirmMac', undistributed: 'releaseMac' } as const;

/** Moves a MAC of the scope for `device` (logged on it), or refuses when it is not in one of `from`. */
async function moved(
  db: Kysely<DB>,
  { scope, operator }: Acting,
  mac: ScopedMac,
  device: WrittenDevice | null,
  from: readonly MacState[],
  to: MacState,
  refusal: Parameters<typeof fail>[0],
) {
  const move = { macId: mac.macId, mac: mac.mac, from, to };
  const done =
    device !== null &&
    from.includes(mac.state) &&
    (await db.transaction().execute((trx) => moveDeviceMac(trx, move, device, { operator, action: ACTION_OF[to] })));
  if (!done) fail(refusal);
  return macAnswer(await macInScope(db, scope, mac.macId));
}

/** The device a MAC of the scope is allocated to; null when none. */
const holderOf = (mac: ScopedMac): WrittenDevice | null =>
  mac.deviceId === null || mac.deviceCode === null ? null : { deviceId: mac.deviceId, deviceCode: mac.deviceCode };

/** Reserves an undistributed MAC of the scope for a device (by IoT code) of the MAC owner's subtree. */
export async function allocateScopedMac(
  db: Kysely<DB>,
  acting: Acting,
  input: { macId: string; deviceCode: string },
): Promise<MacEntry> {
  const scope = acting.scope;
  const mac = await macInScope(db, scope, input.macId);
  const device = await deviceInScope(db, scope, { code: input.deviceCode });
  if (mac.state !== 'undistributed') fail(ErrorCode.MAC_NOT_UNDISTRIBUTED);
  if (!device.dealerPath.startsWith(mac.ownerPath)) fail(ErrorCode.MAC_DEVICE_OUTSIDE_OWNER);
  const held = await macOfDevice(db, device);
  if (held !== undefined) fail(ErrorCode.DEVICE_HAS_MAC, { mac: held });
  return moved(db, acting, mac, writtenDevice(device), ['undistributed'], 'occupied', ErrorCode.MAC_NOT_UNDISTRIBUTED);
}

/** Confirms an occupied MAC of the scope on its device. */
export async function confirmScopedMac(db: Kysely<DB>, acting: Acting, macId: string): Promise<MacEntry> {
  const mac = await macInScope(db, acting.scope, macId);
  return moved(db, acting, mac, holderOf(mac), ['occupied'], 'succeeded', ErrorCode.MAC_NOT_OCCUPIED);
}

/** Frees an occupied or succeeded MAC of the scope. */
export async function releaseScopedMac(db: Kysely<DB>, acting: Acting, macId: string): Promise<MacEntry> {
  const mac = await macInScope(db, acting.scope, macId);
  return moved(db, acting, mac, holderOf(mac), ['occupied', 'succeeded'], 'undistributed', ErrorCode.MAC_NOT_ALLOCATED);
}

/** Deletes an undistributed MAC of the scope. */
export async function deleteScopedMac(db: Kysely<DB>, scope: DealerScope, macId: string): Promise<null> {
  const mac = await macInScope(db, scope, macId);
  if (mac.state !== 'undistributed' || !(await db.transaction().execute((trx) => deleteFreeMac(trx, mac.macId))))
    fail(ErrorCode.MAC_NOT_UNDISTRIBUTED);
  return null;
}

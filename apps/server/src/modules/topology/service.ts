import { ErrorCode, OfflineReason } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { deviceInScope, writtenDevice, type DeviceInScope } from '../devices/index.ts';
import type { Presence } from '../../ingest/index.ts';
import type { Acting } from '../device-writer/index.ts';
import { linkChild, unlinkChild } from '../device-writer/index.ts';
import { childrenOf, gatewayOf, hasChildren } from './repo.ts';
import { childConnectionId } from './rules.ts';

/** The rules of gateways and sub-devices: both in scope, one level only, a child under one gateway. */

async function pairInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  gatewayId: string,
  childId: string,
): Promise<[DeviceInScope, DeviceInScope]> {
  const gateway = await deviceInScope(db, scope, { id: gatewayId });
  const child = await deviceInScope(db, scope, { id: childId });
  return [gateway, child];
}

export async function addChild(
  db: Kysely<DB>,
  { scope, operator }: Acting,
  input: { gatewayId: string; childId: string },
): Promise<null> {
  const [gateway, child] = await pairInScope(db, scope, input.gatewayId, input.childId);
  if (gateway.id === child.id) fail(ErrorCode.TOPOLOGY_SAME_DEVICE);
  return db.transaction().execute(async (trx) => {
    const current = await gatewayOf(trx, child);
    if (current === gateway.id) return null;
    if (current !== undefined) fail(ErrorCode.TOPOLOGY_CHILD_TAKEN);
    if ((await gatewayOf(trx, gateway)) !== undefined || (await hasChildren(trx, child)))
      fail(ErrorCode.TOPOLOGY_NESTED);
    const link = { operator, action: 'addChild' } as const;
    if (!(await linkChild(trx, writtenDevice(gateway), writtenDevice(child), link)))
      fail(ErrorCode.TOPOLOGY_CHILD_TAKEN);
    return null;
  });
}

/**
 * Removes a child from its gateway. A child online through that gateway goes offline with 6401 (the
 * topology no longer exists); one online on a connection of its own stays online.
 */
export async function removeChild(
  db: Kysely<DB>,
  presence: Presence,
  { scope, operator }: Acting,
  input: { gatewayId: string; childId: string },
): Promise<null> {
  const [gateway, child] = await pairInScope(db, scope, input.gatewayId, input.childId);
  const unlink = { operator, action: 'removeChild' } as const;
  if (
    !(await db.transaction().execute((trx) => unlinkChild(trx, writtenDevice(gateway), writtenDevice(child), unlink)))
  )
    fail(ErrorCode.TOPOLOGY_MISSING);
  await presence.offline(child.code, childConnectionId(gateway.code), OfflineReason.TOPOLOGY_MISSING);
  return null;
}

export async function listChildren(db: Kysely<DB>, scope: DealerScope, gatewayId: string) {
  const gateway = await deviceInScope(db, scope, { id: gatewayId });
  return { list: await childrenOf(db, gateway) };
}

import { ErrorCode, OfflineReason, type Device, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { findDevice } from '../devices/index.ts';
import type { Presence } from '../../ingest/index.ts';
import { type Acting, linkChild, unlinkChild } from '../device-writer/index.ts';
import { childrenOf, gatewayOf, hasChildren } from './repo.ts';
import { childConnectionId } from './rules.ts';

/** The rules of gateways and sub-devices: both in scope, one level only, a child under one gateway. */

async function pairInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  gatewayId: string,
  childId: string,
  locale: Locale,
): Promise<[Device, Device]> {
  const gateway = await foundOrFail(findDevice(db, scope, gatewayId, locale));
  const child = await foundOrFail(findDevice(db, scope, childId, locale));
  return [gateway, child];
}

export async function addChild(
  db: Kysely<DB>,
  { scope, operator }: Acting,
  input: { gatewayId: string; childId: string },
  locale: Locale,
): Promise<null> {
  const [gateway, child] = await pairInScope(db, scope, input.gatewayId, input.childId, locale);
  if (gateway.deviceId === child.deviceId) fail(ErrorCode.TOPOLOGY_SAME_DEVICE);
  return db.transaction().execute(async (trx) => {
    const current = await gatewayOf(trx, child.deviceId);
    if (current === gateway.deviceId) return null;
    if (current !== undefined) fail(ErrorCode.TOPOLOGY_CHILD_TAKEN);
    if ((await gatewayOf(trx, gateway.deviceId)) !== undefined || (await hasChildren(trx, child.deviceId)))
      fail(ErrorCode.TOPOLOGY_NESTED);
    if (!(await linkChild(trx, gateway, child, { operator, action: 'addChild' }))) fail(ErrorCode.TOPOLOGY_CHILD_TAKEN);
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
  locale: Locale,
): Promise<null> {
  const [gateway, child] = await pairInScope(db, scope, input.gatewayId, input.childId, locale);
  if (!(await db.transaction().execute((trx) => unlinkChild(trx, gateway, child, { operator, action: 'removeChild' }))))
    fail(ErrorCode.TOPOLOGY_MISSING);
  await presence.offline(child.deviceCode, childConnectionId(gateway.deviceCode), OfflineReason.TOPOLOGY_MISSING);
  return null;
}

export async function listChildren(db: Kysely<DB>, scope: DealerScope, gatewayId: string, locale: Locale) {
  const gateway = await foundOrFail(findDevice(db, scope, gatewayId, locale));
  return { list: await childrenOf(db, gateway.deviceId) };
}

import { ErrorCode, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { logOperation, type Operator } from '../device-commands/index.ts';
import { deviceInScope, writtenDevice } from '../devices/index.ts';
import { closeAsRepaired, faultInScope, type FaultRow } from './fault-repo.ts';

/**
 * Marks a not-repaired fault the operator may view repaired: the fault closes with who and when, and the
 * device's operation log gets the entry in the same transaction, so neither is written without the other.
 * NOT_FOUND for a fault the operator may not view; FAULT_ALREADY_REPAIRED when it is closed, or was
 * closed meanwhile by the device's report or another person.
 */
export async function repairScopedFault(
  db: Kysely<DB>,
  events: DeviceEvents,
  scope: DealerScope,
  operator: Operator,
  locale: Locale,
  faultId: string,
): Promise<FaultRow> {
  const fault = await foundOrFail(faultInScope(db, scope, operator.userId, locale, faultId));
  if (fault.status === 'repaired') fail(ErrorCode.FAULT_ALREADY_REPAIRED);
  // The fault's device is in the scope (faultInScope read it there): its owner names the live event's audience.
  const device = await deviceInScope(db, scope, { id: fault.deviceId });
  const at = new Date();
  await db.transaction().execute(async (trx) => {
    if (!(await closeAsRepaired(trx, fault.faultId, operator, at))) fail(ErrorCode.FAULT_ALREADY_REPAIRED);
    await logOperation(trx, {
      ...writtenDevice(device),
      operator,
      action: 'repairFault',
      outcome: 'applied',
      createdAt: at,
      finishedAt: at,
      request: { faultId: fault.faultId, faultCode: fault.faultCode, address: fault.address },
      summary: fault.faultCode,
    });
  });
  events.publish({
    kind: 'fault',
    deviceId: device.id,
    deviceCode: device.code,
    dealerId: device.dealerId,
    faultCode: fault.faultCode,
    level: fault.level,
    open: false,
    at: at.toISOString(),
  });
  return foundOrFail(faultInScope(db, scope, operator.userId, locale, fault.faultId));
}

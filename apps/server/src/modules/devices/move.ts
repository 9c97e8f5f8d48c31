import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Operator } from '../device-commands/index.ts';
import { updateDevice } from '../device-writer/index.ts';
import { ownerForNewRecord, ownerInSubtree } from '../managed-accounts/index.ts';

/**
 * Gives devices of the scope to another dealer of the scope's subtree, all or none: a device or
 * dealer outside the subtree (or missing) answers NOT_FOUND and nothing moves. Each moved device
 * gets an operation log entry naming both dealers. Answers the IoT codes moved (their cached
 * profiles name the old owner).
 */
export async function moveScopedDevices(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  input: { deviceIds: string[]; targetDealerId: string },
): Promise<{ moved: number; deviceCodes: string[] }> {
  const targetId = await ownerForNewRecord(db, scope, input.targetDealerId);
  if (!input.deviceIds.every(isIdText)) fail(ErrorCode.NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('dealers')
      .select(['id', 'code'])
      .where('id', '=', targetId)
      .executeTakeFirstOrThrow();
    const devices = await trx
      .selectFrom('devices as dv')
      .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
      .where(ownerInSubtree(scope, 'od'))
      .where('dv.id', 'in', input.deviceIds)
      .select(['dv.id', 'dv.device_code', 'od.id as from_id', 'od.code as from_code'])
      .forUpdate('dv')
      .execute();
    if (devices.length !== input.deviceIds.length) fail(ErrorCode.NOT_FOUND);
    for (const d of devices) {
      const log = {
        operator,
        action: 'move',
        request: { from: d.from_id, to: target.id },
        summary: `${d.from_code} → ${target.code}`,
      } as const;
      await updateDevice(trx, { deviceId: d.id, deviceCode: d.device_code }, { dealer_id: target.id }, log);
    }
    return { moved: devices.length, deviceCodes: devices.map((d) => d.device_code) };
  });
}

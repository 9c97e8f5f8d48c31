import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Operator } from '../device-commands/index.ts';
import { updateDevice } from '../device-writer/index.ts';
import { ownerForNewRecord } from '../managed-accounts/index.ts';
import { devicesInScope, writtenDevice } from './device-in-scope.ts';

/**
 * Gives devices of the scope to another dealer of the scope's subtree, all or none: a device or
 * dealer outside the subtree (or missing) answers NOT_FOUND and nothing moves. Each moved device
 * gets an operation log entry naming both dealers. Answers the IoT codes moved (their cached
 * profiles name the old owner) and the owners before and after (their counts moved).
 */
export async function moveScopedDevices(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  input: { deviceIds: string[]; targetDealerId: string },
): Promise<{ moved: number; deviceCodes: string[]; owners: string[] }> {
  const targetId = await ownerForNewRecord(db, scope, input.targetDealerId);
  if (!input.deviceIds.every(isIdText)) fail(ErrorCode.NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('dealers')
      .select(['id', 'code'])
      .where('id', '=', targetId)
      .executeTakeFirstOrThrow();
    const devices = await devicesInScope(trx, scope, input.deviceIds, { forUpdate: true });
    const owners = await trx
      .selectFrom('dealers')
      .select(['id', 'code'])
      .where('id', 'in', [...new Set(devices.map((d) => d.dealerId))])
      .execute();
    const codeOf = new Map(owners.map((owner) => [owner.id, owner.code]));
    for (const d of devices) {
      const log = {
        operator,
        action: 'move',
        request: { from: d.dealerId, to: target.id },
        summary: `${codeOf.get(d.dealerId)} → ${target.code}`,
      } as const;
      await updateDevice(trx, writtenDevice(d), { dealer_id: target.id }, log);
    }
    return {
      moved: devices.length,
      deviceCodes: devices.map((d) => d.code),
      owners: [...devices.map((d) => d.dealerId), target.id],
    };
  });
}

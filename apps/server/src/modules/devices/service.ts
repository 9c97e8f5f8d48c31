import { ErrorCode, type addDevice, type Device, type Locale, type updateDevice } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { versionMatchedRow } from '../../db/record-version.ts';
import { failOnField } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/found.ts';
import { ownerForNewRecord } from '../managed-accounts/scope.ts';
import {
  deleteDeviceRow, deviceCodeTaken, findDevice, insertDevice, productExists, replaceSecretBox, snTaken, updateDeviceRow,
} from './repo.ts';
import { newDeviceSecret, type SecretBox } from './secret-box.ts';

/** The rules of the device registry: unique IoT code and SN, an existing product, an owner in the subtree, a secret shown once. */

/** The constraints of migration 017 that a concurrent add or edit can hit after the checks passed. */
const UNIQUE_FIELDS: Record<string, { field: 'deviceCode' | 'sn'; code: typeof ErrorCode.DEVICE_CODE_TAKEN | typeof ErrorCode.DEVICE_SN_TAKEN }> = {
  devices_device_code_key: { field: 'deviceCode', code: ErrorCode.DEVICE_CODE_TAKEN },
  devices_sn_uq: { field: 'sn', code: ErrorCode.DEVICE_SN_TAKEN },
};

/** The field whose unique constraint a database error reports, or undefined for any other error. */
export function takenField(error: unknown): (typeof UNIQUE_FIELDS)[string] | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? UNIQUE_FIELDS[constraint] : undefined;
}

/** Runs a write; a unique violation of the IoT code or SN (a concurrent writer won) is refused on its field like the checks do. */
async function refusingTaken<T>(write: Promise<T>, locale: Locale): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const taken = takenField(error);
    if (taken) failOnField(taken.code, taken.field, locale);
    throw error;
  }
}

const deviceInScope = (db: Kysely<DB>, scope: DealerScope, deviceId: string, locale: Locale): Promise<Device> => foundOrFail(findDevice(db, scope, deviceId, locale));

/** Registers a device owned by the scope's company or a dealer of its subtree; answers it with its new secret. */
export async function addScopedDevice(
  db: Kysely<DB>, box: SecretBox, scope: DealerScope, input: z.output<typeof addDevice.request>, locale: Locale,
): Promise<Device & { deviceSecret: string }> {
  const dealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
  if (!(await productExists(db, input.productId))) failOnField(ErrorCode.PRODUCT_UNKNOWN, 'productId', locale);
  const deviceSecret = newDeviceSecret();
  const deviceId = await refusingTaken(
    db.transaction().execute(async (trx) => {
      if (await deviceCodeTaken(trx, input.deviceCode)) failOnField(ErrorCode.DEVICE_CODE_TAKEN, 'deviceCode', locale);
      if (await snTaken(trx, input.sn, null)) failOnField(ErrorCode.DEVICE_SN_TAKEN, 'sn', locale);
      return insertDevice(trx, { ...input, dealerId, secretBox: box.seal(deviceSecret) });
    }),
    locale,
  );
  return { ...(await deviceInScope(db, scope, deviceId, locale)), deviceSecret };
}

/** Edits a device of the scope at the version the caller read. */
export async function updateScopedDevice(db: Kysely<DB>, scope: DealerScope, input: z.output<typeof updateDevice.request>, locale: Locale): Promise<Device> {
  const device = await deviceInScope(db, scope, input.deviceId, locale);
  await refusingTaken(
    db.transaction().execute(async (trx) => {
      if (await snTaken(trx, input.sn, device.deviceId)) failOnField(ErrorCode.DEVICE_SN_TAKEN, 'sn', locale);
      versionMatchedRow(await updateDeviceRow(trx, device, input.version, input));
    }),
    locale,
  );
  return deviceInScope(db, scope, device.deviceId, locale);
}

export async function deleteScopedDevice(db: Kysely<DB>, scope: DealerScope, deviceId: string, locale: Locale): Promise<null> {
  await deleteDeviceRow(db, await deviceInScope(db, scope, deviceId, locale));
  return null;
}

/** A new secret for a device of the scope, answered once; the old one no longer signs in. */
export async function resetScopedDeviceSecret(
  db: Kysely<DB>, box: SecretBox, scope: DealerScope, deviceId: string, locale: Locale,
): Promise<{ deviceId: string; deviceSecret: string }> {
  const device = await deviceInScope(db, scope, deviceId, locale);
  const deviceSecret = newDeviceSecret();
  await replaceSecretBox(db, device, box.seal(deviceSecret));
  return { deviceId: device.deviceId, deviceSecret };
}

import {
  ErrorCode,
  type addDevice,
  type Device,
  type Locale,
  type updateDevice as updateDeviceCall,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { assertSameVersion } from '../../db/record-version.ts';
import { failOnField } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { isCityLevelOf, isProvince } from '../nation/index.ts';
import { ownerForNewRecord } from '../managed-accounts/index.ts';
import { nextVersion } from '../../db/record-version.ts';
import type { Operator } from '../device-commands/index.ts';
import { deleteDevices, updateDevice } from '../device-writer/index.ts';
import { deviceCodeTaken, findDevice, insertDevice, productExists, snTaken } from './repo.ts';
import { newDeviceSecret, type SecretBox } from './secret-box.ts';
import { deviceInScope, writtenDevice, type DeviceInScope } from './device-in-scope.ts';

/** The rules of the device registry: unique IoT code and SN, an existing product, an owner in the subtree, a secret shown once. */

/** The division codes name a known province and one of its cities (the schema checked their shape). */
function checkDivision(fields: { provinceCode: string; cityCode: string }, locale: Locale): void {
  if (fields.provinceCode !== '' && !isProvince(fields.provinceCode))
    failOnField(ErrorCode.AREA_UNKNOWN, 'provinceCode', locale, { code: fields.provinceCode });
  if (fields.cityCode !== '' && !isCityLevelOf(fields.provinceCode, fields.cityCode))
    failOnField(ErrorCode.AREA_UNKNOWN, 'cityCode', locale, { code: fields.cityCode });
}

/** A device of the scope as the console shows it; NOT_FOUND for a missing or foreign id alike. */
export const shownDevice = async (
  db: Kysely<DB>,
  scope: DealerScope,
  deviceId: string,
  locale: Locale,
): Promise<Device> => foundOrFail(findDevice(db, await deviceInScope(db, scope, { id: deviceId }), locale));

/** Registers a device owned by the scope's company or a dealer of its subtree; answers it with its new secret. */
export async function addScopedDevice(
  db: Kysely<DB>,
  box: SecretBox,
  scope: DealerScope,
  operator: Operator,
  input: z.output<typeof addDevice.request>,
  locale: Locale,
): Promise<Device & { deviceSecret: string }> {
  checkDivision(input, locale);
  const dealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
  if (!(await productExists(db, input.productId))) failOnField(ErrorCode.PRODUCT_UNKNOWN, 'productId', locale);
  const deviceSecret = newDeviceSecret();
  // A concurrent writer that wins between check and insert is refused by the constraint (http/unique-violations.ts).
  const deviceId = await db.transaction().execute(async (trx) => {
    if (await deviceCodeTaken(trx, input.deviceCode)) failOnField(ErrorCode.DEVICE_CODE_TAKEN, 'deviceCode', locale);
    if (await snTaken(trx, input.sn, null)) failOnField(ErrorCode.DEVICE_SN_TAKEN, 'sn', locale);
    return insertDevice(trx, { ...input, dealerId, secretBox: box.seal(deviceSecret) }, { operator, action: 'add' });
  });
  return { ...(await shownDevice(db, scope, deviceId, locale)), deviceSecret };
}

/** Edits a device of the scope at the version the caller read. */
export async function updateScopedDevice(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  input: z.output<typeof updateDeviceCall.request>,
  locale: Locale,
): Promise<Device> {
  const device = await shownDevice(db, scope, input.deviceId, locale);
  checkDivision(input, locale);
  await db.transaction().execute(async (trx) => {
    if (await snTaken(trx, input.sn, device.deviceId)) failOnField(ErrorCode.DEVICE_SN_TAKEN, 'sn', locale);
    const edit = {
      device_name: input.deviceName,
      sn: input.sn,
      model: input.model,
      address: input.address,
      province_code: input.provinceCode,
      city_code: input.cityCode,
      ...nextVersion,
    };
    await updateDevice(
      trx,
      device,
      edit,
      { operator, action: 'update' },
      (before) => (assertSameVersion(before.version, input.version), true),
    );
  });
  return shownDevice(db, scope, device.deviceId, locale);
}

export async function deleteScopedDevice(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  deviceId: string,
  locale: Locale,
  onDeleted?: (deviceCode: string, dealerId: string) => void,
): Promise<null> {
  const device = await deviceInScope(db, scope, { id: deviceId });
  await db.transaction().execute((trx) => deleteDevices(trx, [writtenDevice(device)], { operator, action: 'delete' }));
  onDeleted?.(device.code, device.dealerId);
  return null;
}

/** A new secret for a device of the scope, answered once; the old one no longer signs in. */
export async function resetScopedDeviceSecret(
  db: Kysely<DB>,
  box: SecretBox,
  scope: DealerScope,
  operator: Operator,
  deviceId: string,
  locale: Locale,
  onReset?: (deviceCode: string) => void,
): Promise<{ deviceId: string; deviceSecret: string }> {
  const device = await deviceInScope(db, scope, { id: deviceId });
  const deviceSecret = newDeviceSecret();
  // The log says that the secret was reset, never the secret (the writer logs no secret column).
  await db
    .transaction()
    .execute((trx) =>
      updateDevice(
        trx,
        writtenDevice(device),
        { secret_box: box.seal(deviceSecret) },
        { operator, action: 'resetSecret' },
      ),
    );
  onReset?.(device.code);
  return { deviceId: device.id, deviceSecret };
}

/** Disables or enables a device of the scope (logged); answers it so that its connection can be told. */
export async function setScopedDeviceDisabled(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  deviceId: string,
  disabled: boolean,
): Promise<DeviceInScope> {
  const device = await deviceInScope(db, scope, { id: deviceId });
  const log = { operator, action: disabled ? 'disable' : 'enable' } as const;
  await db.transaction().execute((trx) => updateDevice(trx, writtenDevice(device), { disabled }, log));
  return device;
}

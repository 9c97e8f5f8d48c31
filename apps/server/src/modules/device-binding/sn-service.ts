import { ErrorCode, type Locale, type SnBinding } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail, failOnField } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { bindDeviceSn, unbindDeviceSn, type Binder } from '../device-writer/index.ts';
import type { Acting } from '../device-writer/index.ts';
import { deviceInScope } from '../devices/index.ts';
import { findSnBinding, snHolder } from './sn-repo.ts';

/**
 * The rules of barcode binding: the device is found by IoT code in the scope (a foreign one answers
 * NOT_FOUND like a missing one); a device has one barcode and a barcode one device. Binding the pair
 * that is bound already answers it again, so a PDA may repeat a scan whose answer it lost.
 */
export async function bindScopedSn(
  db: Kysely<DB>,
  { scope, operator }: Acting,
  binder: Binder,
  input: { deviceCode: string; sn: string },
  locale: Locale,
): Promise<SnBinding> {
  const found = await deviceInScope(db, scope, { code: input.deviceCode });
  const device = await foundOrFail(findSnBinding(db, found, locale));
  if (device.sn === input.sn) return device;
  if (device.sn !== '') fail(ErrorCode.DEVICE_SN_BOUND, { sn: device.sn });
  if (await snHolder(db, input.sn)) failOnField(ErrorCode.DEVICE_SN_TAKEN, 'sn', locale);
  const written = await db
    .transaction()
    .execute((trx) => bindDeviceSn(trx, device, input.sn, binder, { operator, action: 'bindSn' }));
  const now = await foundOrFail(findSnBinding(db, found, locale));
  // Another binder won between the read and the write.
  if (!written && now.sn !== input.sn) fail(ErrorCode.DEVICE_SN_BOUND, { sn: now.sn });
  return now;
}

/** Clears the barcode of a device of the scope. */
export async function unbindScopedSn(
  db: Kysely<DB>,
  { scope, operator }: Acting,
  deviceId: string,
  locale: Locale,
): Promise<null> {
  const device = await foundOrFail(findSnBinding(db, await deviceInScope(db, scope, { id: deviceId }), locale));
  if (device.sn === '') fail(ErrorCode.DEVICE_SN_NOT_BOUND);
  const cleared = await db
    .transaction()
    .execute((trx) => unbindDeviceSn(trx, device, { operator, action: 'unbindSn' }));
  if (!cleared) fail(ErrorCode.DEVICE_SN_NOT_BOUND);
  return null;
}

import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { DEVICE_CODE_RULE } from '../devices/devices.ts';
import { idField, listAnswer, pageIndexField, pageSizeField, searchField } from '../people/common.ts';
import { snField } from './barcode-field.ts';

/**
 * Whole-machine barcode binding (snBoundMgr, B261): the barcode (SN, devices.sn) of a unit is bound to
 * its IoT code, by a member in the console or by a factory PDA scanning both labels. A barcode is bound
 * to one device at most and a device has one barcode at most; unbinding frees both.
 */

export const SN_BINDING_SOURCES = ['console', 'pda'] as const;

export const snBinding = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  productName: z.string(),
  ownerDealerName: z.string(),
  /** The bound barcode; '' when none. */
  sn: z.string(),
  /** Who bound it and from where; null when unbound, or set by a device edit or import (not recorded). */
  boundByName: z.string().nullable(),
  boundSource: z.enum(SN_BINDING_SOURCES).nullable(),
  boundTime: z.string().nullable(),
  createTime: z.string(),
});
export type SnBinding = z.infer<typeof snBinding>;

export const scannedDeviceCodeField = z
  .string({ error: 'devices.validation.deviceCode.required' })
  .trim()
  .min(1, 'devices.validation.deviceCode.required')
  .refine((value) => DEVICE_CODE_RULE.test(value), 'devices.validation.deviceCode.format');

/** Bound filter of the list: '' all, '1' bound, '0' not bound. */
export const boundFilterField = z.enum(['', '0', '1'], { error: 'deviceBinding.validation.boundFilter' }).default('');

export const listSnBindings = defineCall({
  path: `${CLOUD_API}/snBinding/list`,
  description:
    'Devices of the subtree with their barcode: search by IoT code, name or barcode, bound filter, newest devices first, pages.',
  auth: 'session',
  button: Button.SN_BOUND,
  request: z
    .object({ pageIndex: pageIndexField, pageSize: pageSizeField, keyword: searchField, bound: boundFilterField })
    .strict(),
  response: listAnswer(snBinding),
});

const bindRequest = z.object({ deviceCode: scannedDeviceCodeField, sn: snField }).strict();

export const bindSn = defineCall({
  path: `${CLOUD_API}/snBinding/bind`,
  description:
    'Binds a barcode to a device of the subtree named by IoT code; refused when the device has one or the barcode is bound elsewhere.',
  auth: 'session',
  button: Button.SN_BOUND,
  request: bindRequest,
  response: snBinding,
});

export const unbindSn = defineCall({
  path: `${CLOUD_API}/snBinding/unbind`,
  description: 'Clears the barcode of a device of the subtree (the console confirms first).',
  auth: 'session',
  button: Button.SN_BOUND,
  request: z.object({ deviceId: idField('devices.validation.deviceId') }).strict(),
  response: z.null(),
});

/**
 * The factory PDA's scan: a PDA account (signed in with loginSource 'pda') binds the scanned barcode
 * to the scanned IoT code. It holds no button: the call is for PDA accounts only, and reaches the
 * devices of its department's owner company and that company's sub-dealers (docs/SECURITY.md).
 */
export const pdaBindSn = defineCall({
  path: `${CLOUD_API}/pda/snBinding/bind`,
  description:
    "A PDA account binds a scanned barcode to a scanned IoT code of its company's subtree; who and when are recorded.",
  auth: 'session',
  button: null,
  request: bindRequest,
  /** boundTime is null only when the pair was bound already by a device edit or import (no binder recorded). */
  response: z.object({ deviceCode: z.string(), sn: z.string(), boundTime: z.string().nullable() }),
});

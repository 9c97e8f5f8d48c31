import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { deviceStatusSchema } from '../../device-status.ts';
import { recordVersionField } from '../../validation.ts';
import { deviceSnField } from '../device-binding/barcode-field.ts';
import { idField } from '../people/common.ts';
import { projectCheckStateSchema } from '../projects/fields.ts';

/**
 * The device registry (issue 10, console-spec sections 3, 4 and 7; device list B94). A device is
 * owned by a dealer of the caller's subtree; its secret (the key of its MQTT sign-in,
 * docs/device-protocol.md section 13) is answered only by addDevice and resetDeviceSecret.
 */

/** IoT codes are topic-safe (the same rule as isDeviceCode in @dcc/protocol): 4-64 letters, digits, '-' or '_'. */
export const DEVICE_CODE_RULE = /^[A-Za-z0-9_-]{4,64}$/;
export const DEVICE_SIGNALS = ['weak', 'moderate', 'strong'] as const;
export const DEVICE_SORT_FIELDS = ['createTime', 'lastOnlineTime'] as const;

export const device = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** 'pm' protocol-point product (the detail is deviceDetail), otherwise a thing model (thingModelDeviceDetail). */
  productMessageType: z.string(),
  /** The product's series. */
  groupName: z.string(),
  sn: z.string(),
  model: z.string(),
  ownerDealerId: z.string(),
  ownerDealerName: z.string(),
  ownerDealerCode: z.string(),
  /** The project the device is in (at most one), its name ('' for none) and audit state (null for none). */
  projectId: z.string().nullable(),
  projectName: z.string(),
  projectCheckState: projectCheckStateSchema.nullable(),
  /** Activated without skipping the audit: the project's passed audit activates it. */
  awaitingAudit: z.boolean(),
  status: deviceStatusSchema,
  locked: z.boolean(),
  isImportant: z.boolean(),
  activateTime: z.string().nullable(),
  warrantyUntil: z.string().nullable(),
  imei: z.string(),
  iccId: z.string(),
  softwareCode: z.string(),
  softwareVersion: z.string(),
  signal: z.enum(DEVICE_SIGNALS).nullable(),
  dtuLink: z.boolean().nullable(),
  lastOnlineTime: z.string().nullable(),
  offlineCode: z.number().int().nullable(),
  /** The offline code's meaning and what to check on site, in the caller's language; null while no code is recorded. */
  offlineReason: z.string().nullable(),
  offlineCheckMethod: z.string().nullable(),
  /** Whether the device's MQTT connection is up now (an UNACTIVE device can be connected). */
  connected: z.boolean(),
  /** Whether the device has a fault open now. */
  faultState: z.boolean(),
  address: z.string(),
  /** GB/T 2260 province and city of the device; '' when not known. */
  provinceCode: z.string(),
  cityCode: z.string(),
  version: z.number().int(),
  createTime: z.string(),
});
export type Device = z.infer<typeof device>;

const deviceId = idField('devices.validation.deviceId');
const deviceCodeField = z
  .string({ error: 'devices.validation.deviceCode.required' })
  .trim()
  .min(1, 'devices.validation.deviceCode.required')
  .refine((value) => DEVICE_CODE_RULE.test(value), 'devices.validation.deviceCode.format');
const deviceNameField = z
  .string({ error: 'devices.validation.deviceName' })
  .trim()
  .min(1, 'devices.validation.deviceName')
  .max(50, 'devices.validation.deviceName');
const modelField = z
  .string({ error: 'devices.validation.model' })
  .trim()
  .max(64, 'devices.validation.model')
  .default('');
const addressField = z
  .string({ error: 'devices.validation.address' })
  .trim()
  .max(200, 'devices.validation.address')
  .default('');
/** The device's division as the filter names it (GB/T 2260): a province code, or '' when not known. */
const provinceField = z
  .string({ error: 'devices.validation.province' })
  .trim()
  .regex(/^(|\d{2}0000)$/, 'devices.validation.province')
  .default('');
/** A city code (second level) of the province, or ''. */
const cityField = z
  .string({ error: 'devices.validation.city' })
  .trim()
  .regex(/^(|\d{4}00)$/, 'devices.validation.city')
  .default('');

/** A city needs its province: the same first two digits, and never a province code itself. */
export const cityBelongsToProvince = ({
  provinceCode,
  cityCode,
}: {
  provinceCode: string;
  cityCode: string;
}): boolean =>
  cityCode === '' ||
  (provinceCode !== '' && !cityCode.endsWith('0000') && cityCode.slice(0, 2) === provinceCode.slice(0, 2));
const cityRule = { message: 'devices.validation.city', path: ['cityCode'] };

/** The device and its secret: shown to this caller once, never answered again (resetDeviceSecret makes a new one). */
export const deviceWithSecret = device.extend({ deviceSecret: z.string() });

export const addDevice = defineCall({
  path: `${CLOUD_API}/device/add`,
  description:
    'Registers a device (status UNACTIVE) owned by the company or a dealer of its subtree; answers its secret once.',
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      deviceCode: deviceCodeField,
      deviceName: deviceNameField,
      productId: idField('devices.validation.productId'),
      sn: deviceSnField,
      model: modelField,
      ownerDealerId: z.string().max(20).optional(),
      address: addressField,
      provinceCode: provinceField,
      cityCode: cityField,
    })
    .strict()
    .refine(cityBelongsToProvince, cityRule),
  response: deviceWithSecret,
});

export const getDevice = defineCall({
  path: `${CLOUD_API}/device/detail`,
  description: "One device of the subtree (never its secret), and whether it is in the caller's favourites.",
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId }).strict(),
  response: device.extend({
    /** In the caller's favourites (collectionManage); isImportant is the device's own flag. */ followed: z.boolean(),
  }),
});

export const updateDevice = defineCall({
  path: `${CLOUD_API}/device/update`,
  description:
    'Edits name, SN, model, address, province and city of a device of the subtree; a stale version is refused.',
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      deviceId,
      version: recordVersionField,
      deviceName: deviceNameField,
      sn: deviceSnField,
      model: modelField,
      address: addressField,
      provinceCode: provinceField,
      cityCode: cityField,
    })
    .strict()
    .refine(cityBelongsToProvince, cityRule),
  response: device,
});

export const deleteDevice = defineCall({
  path: `${CLOUD_API}/device/delete`,
  description: 'Deletes a device of the subtree.',
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId }).strict(),
  response: z.null(),
});

export const resetDeviceSecret = defineCall({
  path: `${CLOUD_API}/device/resetSecret`,
  description: 'Gives a device of the subtree a new secret, answered once; the old one stops signing in.',
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId }).strict(),
  response: z.object({ deviceId: z.string(), deviceSecret: z.string() }),
});

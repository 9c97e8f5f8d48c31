import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField, listAnswer, pageIndexField, pageSizeField, searchField } from '../people/common.ts';
import { CONTROL_CHARACTER_MESSAGE, isPlainText } from '../../text.ts';
import { normalizeMac } from './barcode-rules.ts';
import { scannedDeviceCodeField } from './sn-binding.ts';

/**
 * Device MAC mapping (macMgr, B263). A company holds MAC addresses for its devices' modules; each is
 * undistributed (free), occupied (reserved for one device) or succeeded (the assignment confirmed).
 * Transitions: allocate undistributed -> occupied; confirm occupied -> succeeded; release occupied or
 * succeeded -> undistributed; delete only undistributed. Deleting a device releases its MAC.
 */

export const MAC_STATES = ['undistributed', 'occupied', 'succeeded'] as const;
export type MacState = (typeof MAC_STATES)[number];
/** The most addresses one add call takes (a pasted or imported batch). */
export const MAC_BATCH_MAX = 500;

export const macEntry = z.object({
  macId: z.string(),
  mac: z.string(),
  state: z.enum(MAC_STATES),
  deviceId: z.string().nullable(),
  deviceCode: z.string().nullable(),
  deviceName: z.string().nullable(),
  ownerDealerId: z.string(),
  ownerDealerName: z.string(),
  occupiedTime: z.string().nullable(),
  succeededTime: z.string().nullable(),
  createTime: z.string(),
});
export type MacEntry = z.infer<typeof macEntry>;

export const macField = z
  .string({ error: 'deviceBinding.validation.mac.format' })
  .trim()
  .max(17, 'deviceBinding.validation.mac.format')
  // The request's text rule sees what the transform answers (null for any bad text), so this field checks it on what was sent.
  .refine((value) => isPlainText(value), CONTROL_CHARACTER_MESSAGE)
  .transform((value, ctx) => {
    const mac = normalizeMac(value);
    if (mac === null) {
      ctx.addIssue({ code: 'custom', message: 'deviceBinding.validation.mac.format' });
      return z.NEVER;
    }
    return mac;
  });

const macId = { macId: idField('deviceBinding.validation.macId') };

export const listMacs = defineCall({
  path: `${CLOUD_API}/mac/list`,
  description: 'MAC addresses of the subtree: search by address or IoT code, state filter, newest first, pages.',
  auth: 'session',
  button: Button.MAC,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      mac: searchField,
      deviceCode: searchField,
      state: z.enum(['', ...MAC_STATES], { error: 'deviceBinding.validation.macState' }).default(''),
    })
    .strict(),
  response: listAnswer(macEntry),
});

export const addMacs = defineCall({
  path: `${CLOUD_API}/mac/add`,
  description:
    'Adds MAC addresses (undistributed) to the current company, all or none; a repeated or existing address is refused by name.',
  auth: 'session',
  button: Button.MAC,
  request: z
    .object({
      macs: z
        .array(macField, { error: 'deviceBinding.validation.macs' })
        .min(1, 'deviceBinding.validation.macs')
        .max(MAC_BATCH_MAX, 'deviceBinding.validation.macs'),
    })
    .strict(),
  response: z.object({ added: z.number().int() }),
});

export const allocateMac = defineCall({
  path: `${CLOUD_API}/mac/allocate`,
  description: "Reserves an undistributed MAC for a device (IoT code) of the MAC owner's subtree: occupied.",
  auth: 'session',
  button: Button.MAC,
  request: z.object({ ...macId, deviceCode: scannedDeviceCodeField }).strict(),
  response: macEntry,
});

export const confirmMac = defineCall({
  path: `${CLOUD_API}/mac/confirm`,
  description: 'Confirms an occupied MAC on its device: succeeded.',
  auth: 'session',
  button: Button.MAC,
  request: z.object(macId).strict(),
  response: macEntry,
});

export const releaseMac = defineCall({
  path: `${CLOUD_API}/mac/release`,
  description: 'Frees an occupied or succeeded MAC from its device: undistributed.',
  auth: 'session',
  button: Button.MAC,
  request: z.object(macId).strict(),
  response: macEntry,
});

export const deleteMac = defineCall({
  path: `${CLOUD_API}/mac/delete`,
  description: 'Deletes an undistributed MAC of the subtree.',
  auth: 'session',
  button: Button.MAC,
  request: z.object(macId).strict(),
  response: z.null(),
});

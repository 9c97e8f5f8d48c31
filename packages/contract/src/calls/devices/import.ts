import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';

/**
 * Devices imported from Excel (.xls or .xlsx, at most 10 MB, spec section 5): one device per row,
 * columns IoT code, device name, product (name or product key), SN, model, dealer code (optional: a
 * dealer of the subtree; empty means the company acted for), address, province and city codes (optional,
 * GB/T 2260 as the filter uses them; a city needs its province). All or nothing: any bad row
 * refuses the file with DEVICE_IMPORT_INVALID, whose envelope carries `objectResult: { problems,
 * problemCount }` (calls/catalog/point-excel.ts) naming row, column and problem; nothing is stored.
 */

/** At most this many devices per file. */
export const MAX_IMPORT_DEVICES = 5000;
export const DEVICE_IMPORT_FIELDS = [
  'deviceCode',
  'deviceName',
  'product',
  'sn',
  'model',
  'dealerCode',
  'address',
  'province',
  'city',
] as const;
export type DeviceImportField = (typeof DEVICE_IMPORT_FIELDS)[number];
export const DEVICE_IMPORT_REQUIRED: readonly DeviceImportField[] = ['deviceCode', 'deviceName', 'product'];

/** Multipart: the context fields, then `file`. */
export const importDevices = defineCall({
  path: `${CLOUD_API}/device/import`,
  description: "Registers every device of the file (status UNACTIVE) or none; answers each new device's secret, once.",
  auth: 'session',
  button: Button.DEVICE_IMPORT,
  request: z.object({}).strict(),
  response: z.object({
    imported: z.number().int(),
    /** Shown once: the console offers them as a file to download; never answered again. */
    devices: z.array(z.object({ deviceId: z.string(), deviceCode: z.string(), deviceSecret: z.string() })),
  }),
});

export const deviceImportTemplate = defineCall({
  path: `${CLOUD_API}/device/importTemplate`,
  description: "The device import sheet (.xlsx, base64): the header row in the caller's language.",
  auth: 'session',
  button: Button.DEVICE_IMPORT,
  request: z.object({}).strict(),
  response: z.object({ fileName: z.string(), contentBase64: z.string() }),
});

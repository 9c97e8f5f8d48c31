import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField, listAnswer, pageIndexField, pageSizeField } from '../people/common.ts';
import { HISTORY_MAX_DAYS, pointHistoryRange, pointValue } from './telemetry.ts';

/**
 * The history side of the device detail (issue 11): every parameter as it was at a moment (point
 * history time travel), the curve's range as an Excel file, and the traffic the server saw per day.
 * Read with the device list's button B94; a foreign device id answers like a missing one.
 */

const deviceId = idField('devices.validation.deviceId');
const timeField = z
  .string({ error: 'telemetry.validation.time' })
  .refine((t) => !Number.isNaN(Date.parse(t)), 'telemetry.validation.time');
const dayField = z
  .string({ error: 'telemetry.validation.day' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'telemetry.validation.day')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'telemetry.validation.day');

export const getDeviceValuesAt = defineCall({
  path: `${CLOUD_API}/device/pointValuesAt`,
  description: `Every point of a device of the subtree as it was at a moment: per point the newest stored value at or before it, looking back at most ${HISTORY_MAX_DAYS} days.`,
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId, time: timeField }).strict(),
  response: z.object({ time: z.string(), dataList: z.array(pointValue) }),
});

export const exportPointHistory = defineCall({
  path: `${CLOUD_API}/device/pointHistory/export`,
  description: `The curve's range (the same addresses and at most ${HISTORY_MAX_DAYS} days as getPointHistory) as an .xlsx file (base64), headers in the caller's language.`,
  auth: 'session',
  button: Button.DEVICES,
  request: pointHistoryRange,
  response: z.object({ fileName: z.string(), contentBase64: z.string(), rowCount: z.number().int() }),
});

export const deviceTrafficDay = z.object({
  /** The platform's day (its time zone) the server received or sent the bytes (YYYY-MM-DD). */
  day: z.string(),
  bytesUp: z.number().int(),
  packetsUp: z.number().int(),
  bytesDown: z.number().int(),
  packetsDown: z.number().int(),
});
export type DeviceTrafficDay = z.infer<typeof deviceTrafficDay>;

export const listDeviceTraffic = defineCall({
  path: `${CLOUD_API}/device/traffic`,
  description:
    'Bytes and messages a device of the subtree sent (up) and was sent (down) per day, as the server saw them, newest day first.',
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      deviceId,
      startDay: dayField.optional(),
      endDay: dayField.optional(),
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
    })
    .strict(),
  response: listAnswer(deviceTrafficDay),
});

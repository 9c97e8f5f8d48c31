import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { pageIndexField, pageSizeOf } from '../people/common.ts';
import { checkHistoryRange, getPointHistory, historyMaxPointsField, historyRangeShape } from '../devices/telemetry.ts';

/**
 * A device's points, current faults and point trend as the home dashboard reads them (spec section 7
 * getPointPosition, fault_now, getAddressHistoryValue: the seed's names and fields, by IoT code). They answer
 * through the same services as the device detail's pointValues, faults and pointHistory: vendor parameters
 * (B9405) and fault levels of the caller's roles are hidden alike.
 */

/** Spec section 9: the point list is read 1000 at a time, the fault list 999. */
export const POINT_POSITION_PAGE_SIZE = 1000;
export const FAULT_NOW_PAGE_SIZE = 999;

const deviceCodeField = z
  .string({ error: 'dashboard.validation.deviceCode' })
  .trim()
  .min(1, 'dashboard.validation.deviceCode')
  .max(64, 'dashboard.validation.deviceCode');

/** A point position of spec section 3: the point's address, content (its name in the caller's language) and mode. */
export const pointPosition = z.object({
  address: z.number().int(),
  content: z.string(),
  mode: z.enum(['R', 'W', 'RW']),
  code: z.string(),
  unit: z.string(),
});
export type PointPosition = z.infer<typeof pointPosition>;

export const getPointPosition = defineCall({
  path: `${CLOUD_API}/device/getPointPosition`,
  description:
    'The points of a device of the subtree the caller may read (vendor parameters only with B9405), by address; the trend uses those of mode R.',
  auth: 'session',
  button: Button.HOME,
  request: z
    .object({
      deviceCode: deviceCodeField,
      pageIndex: pageIndexField,
      pageSize: pageSizeOf(POINT_POSITION_PAGE_SIZE, POINT_POSITION_PAGE_SIZE),
    })
    .strict(),
  response: z.object({ dataList: z.array(pointPosition), total: z.number().int() }),
});

const optionalTime = z
  .string({ error: 'dashboard.validation.time' })
  .refine((t) => t === '' || !Number.isNaN(Date.parse(t)), 'dashboard.validation.time')
  .default('');

/** A fault open now (spec section 3 "Fault": description, createTime). */
export const currentFault = z.object({
  faultId: z.string(),
  address: z.number().int(),
  faultCode: z.string(),
  level: z.number().int(),
  /** The fault definition's description in the device's point table ('' when it has none). */
  description: z.string(),
  /** When the fault opened. */
  createTime: z.string(),
});
export type CurrentFault = z.infer<typeof currentFault>;

export const faultNow = defineCall({
  path: `${CLOUD_API}/deviceFault/fault_now`,
  description:
    "The faults open now on a device of the subtree (by deviceId, or deviceCode when deviceId is ''), opened within startTime-endTime when given, newest first; only levels the caller's roles may view.",
  auth: 'session',
  button: Button.HOME_KEY_DEVICES,
  request: z
    .object({
      deviceId: z
        .string({ error: 'devices.validation.deviceId' })
        .trim()
        .max(20, 'devices.validation.deviceId')
        .default(''),
      deviceCode: z
        .string({ error: 'dashboard.validation.deviceCode' })
        .trim()
        .max(64, 'dashboard.validation.deviceCode')
        .default(''),
      startTime: optionalTime,
      endTime: optionalTime,
      pageIndex: pageIndexField,
      pageSize: pageSizeOf(FAULT_NOW_PAGE_SIZE, FAULT_NOW_PAGE_SIZE),
    })
    .strict()
    .refine((v) => v.deviceId !== '' || v.deviceCode !== '', {
      message: 'dashboard.validation.deviceCode',
      path: ['deviceCode'],
    }),
  response: z.object({ dataList: z.array(currentFault), total: z.number().int() }),
});

const { deviceId: _byId, ...rangeShape } = historyRangeShape;

export const getAddressHistoryValue = defineCall({
  path: `${CLOUD_API}/device/getAddressHistoryValue`,
  description:
    'The point trend: values of readable addresses of a device of the subtree (by IoT code) over at most 7 days, as pointHistory answers them (thinned to maxPoints when given).',
  auth: 'session',
  button: Button.HOME,
  request: z
    .object({ deviceCode: deviceCodeField, ...rangeShape, maxPoints: historyMaxPointsField })
    .strict()
    .superRefine(checkHistoryRange),
  response: getPointHistory.response,
});

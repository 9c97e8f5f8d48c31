import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { pageSizeOf } from '../people/common.ts';
import { dayRangeIssue, dayRangeShape, isDayRange, statsRequest, timeCount } from '../projects/stats.ts';

/**
 * Device figures of the home dashboard's charts (spec sections 2, 3 and 7), over the current company's
 * subtree (`dealersId` is the context field). Days are platform days (PLATFORM_TIME_ZONE, Beijing); past
 * days come from the daily roll-up kept by the server's job, the current day is counted on read, so the
 * answers never scan history. Every day (or month) of the range is answered, 0 when nothing happened.
 */

/** A daily device stat of spec section 3: devices added on the day (count) and the total at its end (accumulate). */
export const dailyDeviceStat = z.object({
  /** The platform day, YYYY-MM-DD. */
  analysisTime: z.string(),
  count: z.number().int(),
  accumulate: z.number().int(),
});
export type DailyDeviceStat = z.infer<typeof dailyDeviceStat>;

export const getAddDeviceByDay = defineCall({
  path: `${CLOUD_API}/statistics/getAddDeviceByDay`,
  description:
    "Per platform day of the range: devices added to the subtree (count) and the subtree's devices at the day's end (accumulate; the current day: now).",
  auth: 'session',
  button: Button.HOME,
  request: z.object(dayRangeShape).strict().refine(isDayRange, dayRangeIssue),
  response: z.array(dailyDeviceStat),
});

export const getDeviceAuditNum = defineCall({
  path: `${CLOUD_API}/statistics/getDeviceAuditNum`,
  description:
    'Devices of the subtree activated (through a passed project audit or by skipping it) per platform day or month of the range.',
  auth: 'session',
  button: Button.HOME,
  request: statsRequest,
  response: z.array(timeCount),
});

/** A device-ratio item of spec section 3: a product (its Chinese and English names) and how many devices of the subtree it has. */
export const deviceRatioItem = z.object({
  productName: z.string(),
  productEnName: z.string(),
  count: z.number().int(),
});
export type DeviceRatioItem = z.infer<typeof deviceRatioItem>;

export const getDeviceRatio = defineCall({
  path: `${CLOUD_API}/statistics/getDeviceRatio`,
  description:
    "The product share of the subtree's devices (the chart's product-series share): each product with devices, its names and count, largest first.",
  auth: 'session',
  button: Button.HOME,
  request: z.object({}).strict(),
  response: z.array(deviceRatioItem),
});

/** Devices ONLINE at the end of a platform day or month (the current one: now). */
export const onlineCount = z.object({ analysisTime: z.string(), count: z.number().int() });
export type OnlineCount = z.infer<typeof onlineCount>;

export const ONLINE_STATS_TYPES = ['', 'day', 'month'] as const;

export const getOnlineDeviceNumber = defineCall({
  path: `${CLOUD_API}/statistics/getOnlineDeviceNumber`,
  description:
    "Devices of the subtree ONLINE at the end of each platform day (type '' or day) or month (type month) of the range; the current day reads the live presence. At most pageSize buckets, the latest of the range.",
  auth: 'session',
  button: Button.HOME,
  request: z
    .object({
      ...dayRangeShape,
      pageSize: pageSizeOf(999, 999),
      type: z.enum(ONLINE_STATS_TYPES, { error: 'projects.validation.timeType' }).default(''),
    })
    .strict()
    .refine(isDayRange, dayRangeIssue),
  response: z.array(onlineCount),
});

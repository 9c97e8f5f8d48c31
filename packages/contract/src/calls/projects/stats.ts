import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';

/**
 * Project figures of the home dashboard (spec section 7): counts per day or month of the platform's time
 * zone over the caller's subtree, every day or month of the range answered (0 when none).
 */

/** The most days one call covers (the dashboard asks for at most 90; a month picker at most a year). */
export const PROJECT_STATS_MAX_DAYS = 400;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = z
  .string({ error: 'projects.validation.statsRange' })
  .regex(DAY, 'projects.validation.statsRange')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'projects.validation.statsRange');

/** A range of platform days (YYYY-MM-DD): start not after end, fewer than PROJECT_STATS_MAX_DAYS days. */
export const dayRangeShape = { startTime: dayField, endTime: dayField };
/** Whether a range of days is within the rule. */
export const isDayRange = ({ startTime, endTime }: { startTime: string; endTime: string }): boolean => {
  const days = (Date.parse(endTime) - Date.parse(startTime)) / 86_400_000;
  return days >= 0 && days < PROJECT_STATS_MAX_DAYS;
};
export const dayRangeIssue = { message: 'projects.validation.statsRange', path: ['endTime'] };

/** A range of platform days counted per day or month (timeType). */
export const statsRequest = z
  .object({
    ...dayRangeShape,
    /** '' or day: per day; month: per month. */
    timeType: z.enum(['', 'day', 'month'], { error: 'projects.validation.timeType' }).default(''),
  })
  .strict()
  .refine(isDayRange, dayRangeIssue);

/** One day (YYYY-MM-DD) or month (YYYY-MM) and its count. */
export const timeCount = z.object({ time: z.string(), num: z.number().int() });

export const getProjectIncreasedNum = defineCall({
  path: `${CLOUD_API}/statistics/getProjectIncreasedNum`,
  description: 'Projects added in the subtree per day or month of the range.',
  auth: 'session',
  button: Button.HOME,
  request: statsRequest,
  response: z.array(timeCount),
});

export const getProjectAuditNum = defineCall({
  path: `${CLOUD_API}/statistics/getProjectAuditNum`,
  description: "Audits passed in the subtree's projects per day or month of the range.",
  auth: 'session',
  button: Button.HOME,
  request: statsRequest,
  response: z.array(timeCount),
});

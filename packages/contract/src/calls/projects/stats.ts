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

const statsRequest = z
  .object({
    startTime: dayField,
    endTime: dayField,
    /** '' or day: per day; month: per month. */
    timeType: z.enum(['', 'day', 'month'], { error: 'projects.validation.timeType' }).default(''),
  })
  .strict()
  .refine(
    ({ startTime, endTime }) => {
      const days = (Date.parse(endTime) - Date.parse(startTime)) / 86_400_000;
      return days >= 0 && days < PROJECT_STATS_MAX_DAYS;
    },
    { message: 'projects.validation.statsRange', path: ['endTime'] },
  );

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

import { z } from 'zod';
import { pageIndexField, pageSizeField } from '../people/common.ts';

/** What the log searches (issue 22; spec section 5 "Log searches") share. */

/** 'YYYY-MM-DD', a real calendar day. */
const isCalendarDay = (day: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** A day of a search range in the platform's zone; required (the rule of section 5). */
export const logDayField = z
  .string({ error: 'logs.validation.dateRequired' })
  .min(1, 'logs.validation.dateRequired')
  .refine(isCalendarDay, 'logs.validation.date');

/** An instant of a search range (ISO text); required. */
export const logTimeField = z
  .string({ error: 'logs.validation.timeRequired' })
  .min(1, 'logs.validation.timeRequired')
  .refine((time) => !Number.isNaN(Date.parse(time)), 'logs.validation.time');

/** The IoT code a device log is searched by; required. */
export const logDeviceCodeField = z
  .string({ error: 'logs.validation.deviceCodeRequired' })
  .trim()
  .min(1, 'logs.validation.deviceCodeRequired')
  .max(64, 'logs.validation.deviceCode');

/** Refuses a range whose end is before its start or that is longer than `maxDays`. */
export function checkLogRange(maxDays: number, startKey: string, endKey: string) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const start = Date.parse(String(body[startKey]));
    const end = Date.parse(String(body[endKey]));
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    if (end < start) ctx.addIssue({ code: 'custom', path: [endKey], message: 'logs.validation.endBeforeStart' });
    else if (end - start > maxDays * 86_400_000)
      ctx.addIssue({ code: 'custom', path: [endKey], message: 'logs.validation.rangeTooLong' });
  };
}

/**
 * A log search over a range: its filters alone (what an export reads) and with the page (what the screen
 * reads), both refusing a range that ends before it starts or runs longer than `maxDays`.
 */
export function rangedSearch<S extends z.ZodRawShape>(filters: S, maxDays: number, startKey: string, endKey: string) {
  const check = checkLogRange(maxDays, startKey, endKey);
  return {
    search: z.object(filters).strict().superRefine(check),
    page: z
      .object({ ...filters, pageIndex: pageIndexField, pageSize: pageSizeField })
      .strict()
      .superRefine(check),
  };
}

import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { listAnswer, pageIndexField, pageSizeField, searchField } from './common.ts';

/**
 * The account log (logManage/accountLog, B267): who did what to which account, when, from which IP.
 * A company sees the entries made in a company of its subtree (member added or removed, role
 * changed, lock, reset, invitation), and the personal entries (sign-in, sign-out, password change)
 * of accounts of its subtree that belong to no company outside it.
 */

export const ACCOUNT_ACTIONS = [
  'signIn',
  'signOut',
  'signInFailed',
  'lock',
  'unlock',
  'passwordChange',
  'passwordReset',
  'memberAdded',
  'memberRemoved',
  'roleChanged',
  // Issue 8: an invitation to join a company, its refusal, and a reset made by this account to another's password.
  'invitationSent',
  'invitationDeclined',
  'passwordResetGiven',
] as const;
export const accountAction = z.enum(ACCOUNT_ACTIONS, { error: 'people.validation.action' });
export type AccountActionName = z.infer<typeof accountAction>;

/** Default date range of the account-log search, in days back from today. */
export const ACCOUNT_LOG_DEFAULT_DAYS = 15;

export const accountLogEntry = z.object({
  logId: z.string(),
  /** The account the entry is about (login name: phone or user name). */
  userName: z.string(),
  realName: z.string(),
  action: accountAction,
  ip: z.string(),
  /** Machine-readable detail, e.g. 'wrong password', a role name. */
  detail: z.string(),
  /** Who did it when not the account itself (administrator lock, reset, member change); '' otherwise. */
  operatorName: z.string(),
  createTime: z.string(),
});
export type AccountLogEntry = z.infer<typeof accountLogEntry>;

/** 'YYYY-MM-DD' (a day in China time, UTC+8). */
const isCalendarDay = (day: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const dayField = z.string({ error: 'people.validation.date' }).refine(isCalendarDay, 'people.validation.date');

const accountLogFilters = {
  account: searchField,
  action: z.union([z.literal(''), accountAction]).default(''),
  startDate: dayField.optional(),
  endDate: dayField.optional(),
};
type DayRange = { startDate?: string; endDate?: string };
const endNotBeforeStart: [(body: DayRange) => boolean, { message: string; path: string[] }] = [
  (body) => !body.startDate || !body.endDate || body.startDate <= body.endDate,
  { message: 'people.validation.dateRange', path: ['endDate'] },
];

/** The account-log search (the screen's filters, and its export's). */
export const accountLogSearch = z
  .object(accountLogFilters)
  .strict()
  .refine(...endNotBeforeStart);
export type AccountLogSearch = z.output<typeof accountLogSearch>;

export const listAccountLog = defineCall({
  path: `${CLOUD_API}/accountLog/list`,
  description:
    "Account-log entries newest first. account matches login name or phone (partial); action '' for all; " +
    'startDate/endDate inclusive days in China time, default the last 15 days.',
  auth: 'session',
  button: Button.ACCOUNT_LOG,
  request: z
    .object({ pageIndex: pageIndexField, pageSize: pageSizeField, ...accountLogFilters })
    .strict()
    .refine(...endNotBeforeStart),
  response: listAnswer(accountLogEntry),
});

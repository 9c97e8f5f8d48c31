import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { listAnswer, searchField } from '../people/common.ts';
import { logDayField, rangedSearch } from './fields.ts';

/**
 * The API call log (logManage/apiUsedLog, B175): every call made to the server, with who made it, from
 * where, what it asked (secrets redacted: secret-field.ts), how it ended and how long it took. A company
 * sees the calls made acting for a company of its subtree; the platform also sees the calls made without
 * a company (sign-in, company choice).
 */

/** Default date range of the search, in days back from today (spec section 9). */
export const API_LOG_DEFAULT_DAYS = 15;
/** Longest range one search reads. */
export const API_LOG_MAX_DAYS = 92;

export const API_LOG_OUTCOMES = ['success', 'failure'] as const;
export const apiLogOutcome = z.enum(API_LOG_OUTCOMES, { error: 'logs.validation.outcome' });

export const apiLogEntry = z.object({
  logId: z.string(),
  /** The server's id of the request (the same id its own log lines carry). */
  requestId: z.string(),
  operatorPhone: z.string(),
  operatorEmail: z.string(),
  operatorIp: z.string(),
  createTime: z.string(),
  /** The call's path under the API root, e.g. 'accountLog/list'. */
  interfaceName: z.string(),
  /** The contract's description of the call. */
  description: z.string(),
  /** The request's parameters as JSON text, secrets replaced by ******. */
  params: z.string(),
  /** error_code of the answer: 0 success. */
  outcomeCode: z.number().int(),
  durationMs: z.number(),
});
export type ApiLogEntry = z.infer<typeof apiLogEntry>;

const apiLogFilters = {
  startDate: logDayField,
  endDate: logDayField,
  /** Operator phone or email (partial). */
  operator: searchField,
  /** Interface name (partial). */
  interfaceName: searchField,
  outcome: z.union([z.literal(''), apiLogOutcome]).default(''),
};

const apiLogRanged = rangedSearch(apiLogFilters, API_LOG_MAX_DAYS, 'startDate', 'endDate');
export const apiLogSearch = apiLogRanged.search;
export type ApiLogSearch = z.output<typeof apiLogSearch>;

export const listApiLog = defineCall({
  path: `${CLOUD_API}/log/apiUsedLog`,
  description:
    'API call log entries newest first: startDate/endDate (required, inclusive days in the platform zone), operator and interface partial, outcome.',
  auth: 'session',
  button: Button.API_LOG,
  request: apiLogRanged.page,
  response: listAnswer(apiLogEntry),
});

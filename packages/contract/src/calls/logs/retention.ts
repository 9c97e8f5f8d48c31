import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';

/**
 * Retention of the logs (issue 22): how many days each log kind is kept (default 180), read by the
 * retention job on every run; the job drops whole day partitions older than that, never rows, and
 * records each run. Platform operators only (B213, a platform-only button).
 */

export const LOG_KINDS = ['apiCall', 'communication', 'operation', 'moduleLink', 'mode'] as const;
export type LogKindName = (typeof LOG_KINDS)[number];
export const LOG_RETENTION_DEFAULT_DAYS = 180;
export const LOG_RETENTION_MAX_DAYS = 3650;
/** How many of the latest job runs the settings show. */
export const LOG_RETENTION_RUNS_SHOWN = 20;

export const logRetentionRun = z.object({
  runId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The partitions dropped (table_day names). */
  dropped: z.array(z.string()),
  failed: z.boolean(),
});
export type LogRetentionRun = z.infer<typeof logRetentionRun>;

export const getLogRetention = defineCall({
  path: `${CLOUD_API}/log/retention`,
  description: 'How many days each log kind is kept, and the latest runs of the retention job.',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z.object({}).strict(),
  response: z.object({
    settings: z.array(z.object({ kind: z.enum(LOG_KINDS), days: z.number().int() })),
    runs: z.array(logRetentionRun),
  }),
});

export const updateLogRetention = defineCall({
  path: `${CLOUD_API}/log/retention/update`,
  description: 'Sets how many days one log kind is kept (1 to 3650); the next run of the retention job applies it.',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z
    .object({
      kind: z.enum(LOG_KINDS, { error: 'logs.validation.kind' }),
      days: z.coerce
        .number({ error: 'logs.validation.retentionDays' })
        .int('logs.validation.retentionDays')
        .min(1, 'logs.validation.retentionDays')
        .max(LOG_RETENTION_MAX_DAYS, 'logs.validation.retentionDays'),
    })
    .strict(),
  response: z.null(),
});

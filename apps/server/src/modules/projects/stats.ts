import { ProjectCheckState, type getProjectIncreasedNum } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { projectsOfScope } from './project-in-scope.ts';

/**
 * Project figures of the home dashboard, per day or month of the platform's time zone (Asia/Shanghai,
 * UTC+8 all year): the range's days are platform days, and every day or month of it is answered.
 */

type StatsRequest = z.output<(typeof getProjectIncreasedNum)['request']>;
type TimeCount = { time: string; num: number };

const PLATFORM_OFFSET_HOURS = 8;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instants [from, until) of the range's platform days. */
function rangeOf(request: StatsRequest): { from: Date; until: Date } {
  const startOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - PLATFORM_OFFSET_HOURS * HOUR_MS);
  return { from: startOfDay(request.startTime), until: new Date(startOfDay(request.endTime).getTime() + DAY_MS) };
}

/** Every day (YYYY-MM-DD) or month (YYYY-MM) of the range, in order. */
function bucketsOf(request: StatsRequest): string[] {
  const width = request.timeType === 'month' ? 7 : 10;
  const buckets: string[] = [];
  for (
    let at = Date.parse(`${request.startTime}T00:00:00Z`);
    at <= Date.parse(`${request.endTime}T00:00:00Z`);
    at += DAY_MS
  ) {
    const bucket = new Date(at).toISOString().slice(0, width);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}

/** SQL: the platform day or month of an instant column, as text (literals only, so that grouping by it matches the select). */
const bucketSql = (column: string, request: StatsRequest) =>
  sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval ${sql.lit(`${PLATFORM_OFFSET_HOURS} hours`)}, ${sql.lit(
    request.timeType === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD',
  )})`;

function filled(request: StatsRequest, rows: ReadonlyArray<{ time: string; num: string | number }>): TimeCount[] {
  const counts = new Map(rows.map((row) => [row.time, Number(row.num)]));
  return bucketsOf(request).map((time) => ({ time, num: counts.get(time) ?? 0 }));
}

/** Projects of the scope added per day or month of the range. */
export async function projectsAdded(db: Kysely<DB>, scope: DealerScope, request: StatsRequest): Promise<TimeCount[]> {
  const { from, until } = rangeOf(request);
  const bucket = bucketSql('pj.created_at', request);
  const rows = await projectsOfScope(db, scope)
    .where('pj.created_at', '>=', from)
    .where('pj.created_at', '<', until)
    .select([bucket.as('time'), sql<string>`count(*)`.as('num')])
    .groupBy(bucket)
    .execute();
  return filled(request, rows);
}

/** Audits of the scope's projects passed per day or month of the range. */
export async function auditsPassed(db: Kysely<DB>, scope: DealerScope, request: StatsRequest): Promise<TimeCount[]> {
  const { from, until } = rangeOf(request);
  const bucket = bucketSql('pa.created_at', request);
  const rows = await projectsOfScope(db, scope)
    .innerJoin('project_audits as pa', 'pa.project_id', 'pj.id')
    .where('pa.to_state', '=', ProjectCheckState.PASSED)
    .where('pa.created_at', '>=', from)
    .where('pa.created_at', '<', until)
    .select([bucket.as('time'), sql<string>`count(*)`.as('num')])
    .groupBy(bucket)
    .execute();
  return filled(request, rows);
}

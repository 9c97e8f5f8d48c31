import { ProjectCheckState, type getProjectIncreasedNum } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { bucketsOf, instantsOf } from '../../db/platform-days.ts';
import type { DB } from '../../db/schema.ts';
import { projectsOfScope } from './project-in-scope.ts';

/**
 * Project figures of the home dashboard, per day or month of the platform's time zone
 * (PLATFORM_TIME_ZONE): the range's days are platform days, and every day or month of it is answered.
 */

type StatsRequest = z.output<(typeof getProjectIncreasedNum)['request']>;
type TimeCount = { time: string; num: number };

/** SQL: the platform day or month of an instant column, as text (literals only, so that grouping by it matches the select). */
const bucketSql = (column: string, request: StatsRequest, zone: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${sql.lit(zone)}, ${sql.lit(
    request.timeType === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD',
  )})`;

function filled(request: StatsRequest, rows: ReadonlyArray<{ time: string; num: string | number }>): TimeCount[] {
  const counts = new Map(rows.map((row) => [row.time, Number(row.num)]));
  return bucketsOf(request, request.timeType === 'month').map((time) => ({ time, num: counts.get(time) ?? 0 }));
}

/** Projects of the scope added per day or month of the range. */
export async function projectsAdded(
  db: Kysely<DB>,
  scope: DealerScope,
  request: StatsRequest,
  zone: string,
): Promise<TimeCount[]> {
  const { from, until } = instantsOf(request, zone);
  const bucket = bucketSql('pj.created_at', request, zone);
  const rows = await projectsOfScope(db, scope)
    .where('pj.created_at', '>=', from)
    .where('pj.created_at', '<', until)
    .select([bucket.as('time'), sql<string>`count(*)`.as('num')])
    .groupBy(bucket)
    .execute();
  return filled(request, rows);
}

/** Audits of the scope's projects passed per day or month of the range. */
export async function auditsPassed(
  db: Kysely<DB>,
  scope: DealerScope,
  request: StatsRequest,
  zone: string,
): Promise<TimeCount[]> {
  const { from, until } = instantsOf(request, zone);
  const bucket = bucketSql('pa.created_at', request, zone);
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

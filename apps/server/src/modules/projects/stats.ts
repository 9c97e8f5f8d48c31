import { ProjectCheckState, zonedDay, type getProjectIncreasedNum } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { bucketsOf, instantsOf, previousDay } from '../../db/platform-days.ts';
import type { DB } from '../../db/schema.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';
import { projectsOfScope } from './project-in-scope.ts';

/**
 * Project figures of the home dashboard, per day or month of the platform's time zone
 * (PLATFORM_TIME_ZONE): the days before today from the daily roll-up (stats-job.ts, migration 094), today
 * counted on read by index; every day or month of the range is answered.
 */

type StatsRequest = z.output<(typeof getProjectIncreasedNum)['request']>;
type TimeCount = { time: string; num: number };
type Figure = 'added' | 'passed';

/** The figure per day of the range from the roll-up (the days before today) and today's rows, summed per bucket. */
async function figureByBucket(
  db: Kysely<DB>,
  scope: DealerScope,
  request: StatsRequest,
  zone: string,
  figure: Figure,
  now: Date,
): Promise<TimeCount[]> {
  const month = request.timeType === 'month';
  const today = zonedDay(now, zone);
  const lastRolled = request.endTime < today ? request.endTime : previousDay(today);
  const sums = new Map<string, number>();
  const add = (bucket: string, n: number) => sums.set(bucket, (sums.get(bucket) ?? 0) + n);
  if (request.startTime <= lastRolled) {
    const rows = await db
      .selectFrom('daily_project_stat as s')
      .innerJoin('dealers as sd', 'sd.id', 's.dealer_id')
      .where(ownerInSubtree(scope, 'sd'))
      .where('s.stat_day', '>=', request.startTime)
      .where('s.stat_day', '<=', lastRolled)
      .select([sql<string>`s.stat_day::text`.as('day'), sql<string>`sum(${sql.ref(`s.${figure}`)})`.as('n')])
      .groupBy('s.stat_day')
      .execute();
    for (const row of rows) add(month ? row.day.slice(0, 7) : row.day, Number(row.n));
  }
  if (request.startTime <= today && today <= request.endTime)
    add(month ? today.slice(0, 7) : today, await countToday(db, scope, today, zone, figure));
  return bucketsOf(request, month).map((time) => ({ time, num: sums.get(time) ?? 0 }));
}

/** Projects added, or audits passed, since the start of the current platform day. */
async function countToday(
  db: Kysely<DB>,
  scope: DealerScope,
  today: string,
  zone: string,
  figure: Figure,
): Promise<number> {
  const { from, until } = instantsOf({ startTime: today, endTime: today }, zone);
  const row =
    figure === 'added'
      ? await projectsOfScope(db, scope)
          .where('pj.created_at', '>=', from)
          .where('pj.created_at', '<', until)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      : await projectsOfScope(db, scope)
          .innerJoin('project_audits as pa', 'pa.project_id', 'pj.id')
          .where('pa.to_state', '=', ProjectCheckState.PASSED)
          .where('pa.created_at', '>=', from)
          .where('pa.created_at', '<', until)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Projects of the scope added per day or month of the range. */
export const projectsAdded = (
  db: Kysely<DB>,
  scope: DealerScope,
  request: StatsRequest,
  zone: string,
  now = new Date(),
) => figureByBucket(db, scope, request, zone, 'added', now);

/** Audits of the scope's projects passed per day or month of the range. */
export const auditsPassed = (
  db: Kysely<DB>,
  scope: DealerScope,
  request: StatsRequest,
  zone: string,
  now = new Date(),
) => figureByBucket(db, scope, request, zone, 'passed', now);

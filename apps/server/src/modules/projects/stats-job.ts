import { ProjectCheckState, zonedDay } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { startPeriodicJob, type PeriodicJobOptions } from '../../operations/periodic-job.ts';
import { previousDay } from '../../db/platform-days.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The project statistics job (migration 094), the project side of the dashboard job (dashboard/daily-job.ts):
 * counts, per platform day and owner dealer, the projects added and the audits passed on the days that have
 * ended, from the rows. Each run recounts from the last day it holds (again, for a project whose transaction
 * committed after that day's count) to yesterday; with nothing held, from the first project's day. Today is
 * counted on read (stats.ts). A run is idempotent, so several server instances may run it.
 */

/** How often the job runs: a day is counted within this long after it ends. */
export const PROJECT_STAT_EVERY_MS = 60_000;

/** One run of the job at `now`. */
export async function rollUpProjectStats(db: Kysely<DB>, zone: string, now: Date = new Date()): Promise<void> {
  const yesterday = previousDay(zonedDay(now, zone));
  const held = await db
    .selectFrom('daily_project_stat')
    .select(sql<string | null>`max(stat_day)::text`.as('day'))
    .executeTakeFirst();
  const first = held?.day ?? (await firstProjectDay(db, zone));
  if (first === null || first > yesterday) return;
  await recountProjectDays(db, zone, first, yesterday);
}

/** The platform day of the oldest project, or null without projects. */
async function firstProjectDay(db: Kysely<DB>, zone: string): Promise<string | null> {
  const row = await db
    .selectFrom('projects')
    .select(sql<Date | null>`min(created_at)`.as('at'))
    .executeTakeFirst();
  return row?.at ? zonedDay(new Date(row.at), zone) : null;
}

/** Replaces the rows of the days first..last (platform days) with the counts of the project and audit rows. */
export async function recountProjectDays(db: Kysely<DB>, zone: string, first: string, last: string): Promise<void> {
  const day = (column: string) => sql`(${sql.ref(column)} at time zone ${zone})::date`;
  const from = sql`${first}::timestamp at time zone ${zone}`;
  const until = sql`(${last}::date + 1)::timestamp at time zone ${zone}`;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('daily_project_stat').where('stat_day', '>=', first).where('stat_day', '<=', last).execute();
    await sql`
      insert into daily_project_stat as s (dealer_id, stat_day, added, passed)
      select dealer_id, stat_day, sum(added), sum(passed)
      from (
        select p.dealer_id, ${day('p.created_at')} as stat_day, count(*) as added, 0 as passed
        from projects p where p.created_at >= ${from} and p.created_at < ${until}
        group by 1, 2
        union all
        select p.dealer_id, ${day('a.created_at')}, 0, count(*)
        from project_audits a join projects p on p.id = a.project_id
        where a.to_state = ${ProjectCheckState.PASSED} and a.created_at >= ${from} and a.created_at < ${until}
        group by 1, 2
      ) counted
      group by dealer_id, stat_day
      on conflict (dealer_id, stat_day) do update set added = excluded.added, passed = excluded.passed`.execute(tx);
  });
}

/** Rolls the project statistics up now and then every PROJECT_STAT_EVERY_MS (startPeriodicJob); the answer stops it. */
export function startProjectStatJob(
  db: Kysely<DB>,
  options: Omit<PeriodicJobOptions, 'everyMs'> & { timeZone: string; everyMs?: number },
): () => Promise<void> {
  const { timeZone, ...job } = options;
  return startPeriodicJob('dailyProjectStats', () => rollUpProjectStats(db, timeZone), {
    ...job,
    everyMs: job.everyMs ?? PROJECT_STAT_EVERY_MS,
  });
}

import { startPeriodicJob, type PeriodicJobOptions } from '../../operations/periodic-job.ts';
import { zonedDay, zonedInstant } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { nextDay, previousDay } from '../../db/platform-days.ts';
import type { DB } from '../../db/schema.ts';
import { countsByDealer, foldCountChanges } from './counts.ts';

/**
 * The dashboard job (migration 051): folds the device count changes, snapshots the current platform day per
 * dealer (devices added and activated so far, devices and ONLINE devices now), and completes the days that
 * ended since its last run from the device rows, keeping each day's last online snapshot. Runs at start and
 * every minute; a run is idempotent, so several server instances may run it.
 */

/** How often the job runs: a finished day's online figure is the last snapshot, taken at most this long before its end. */
export const DAILY_STAT_EVERY_MS = 60_000;
/** A gap longer than this (no server running) is completed only for its last days. */
const MOST_DAYS_COMPLETED = 31;

/** One run of the job at `now`. */
export async function rollUpDailyStats(db: Kysely<DB>, zone: string, now: Date = new Date()): Promise<void> {
  await foldCountChanges(db);
  const today = zonedDay(now, zone);
  const last = await db
    .selectFrom('daily_device_stat')
    .select(sql<string | null>`max(stat_day)::text`.as('day'))
    .executeTakeFirst();
  if (last?.day && last.day < today) await completeDays(db, zone, last.day, previousDay(today));
  await snapshotDay(db, zone, today);
}

/** Added, activated and total devices per dealer for the days first..lastDay from the device rows; online kept. */
async function completeDays(db: Kysely<DB>, zone: string, first: string, lastDay: string): Promise<void> {
  let from = first;
  for (let k = 0, day = lastDay; k < MOST_DAYS_COMPLETED && day >= first; k += 1, day = previousDay(day)) from = day;
  await sql`
    insert into daily_device_stat as s (dealer_id, stat_day, added, activated, total)
    select d.dealer_id, g.day,
      count(*) filter (where d.created_at >= g.starts),
      count(*) filter (where d.activated_at >= g.starts and d.activated_at < g.ends),
      count(*)
    from (select day::date as day, day::timestamp at time zone ${zone} as starts,
            (day + interval '1 day')::timestamp at time zone ${zone} as ends
          from generate_series(${from}::date, ${lastDay}::date, interval '1 day') as day) g
    join devices d on d.created_at < g.ends
    group by d.dealer_id, g.day
    on conflict (dealer_id, stat_day) do update
      set added = excluded.added, activated = excluded.activated, total = excluded.total`.execute(db);
}

/** The current day's row of every dealer with devices: added and activated so far, devices and ONLINE devices now. */
async function snapshotDay(db: Kysely<DB>, zone: string, today: string): Promise<void> {
  const starts = zonedInstant(today, zone);
  const ends = zonedInstant(nextDay(today), zone);
  const [counts, added, activated] = await Promise.all([
    countsByDealer(db),
    perDealerSince(db, 'created_at', starts, ends),
    perDealerSince(db, 'activated_at', starts, ends),
  ]);
  const rows = counts.map((count) => ({
    dealer_id: count.dealerId,
    stat_day: today,
    added: added.get(count.dealerId) ?? 0,
    activated: activated.get(count.dealerId) ?? 0,
    total: count.devices,
    online: count.online,
  }));
  for (let at = 0; at < rows.length; at += 1000)
    await db
      .insertInto('daily_device_stat')
      .values(rows.slice(at, at + 1000))
      .onConflict((conflict) =>
        conflict.columns(['dealer_id', 'stat_day']).doUpdateSet((eb) => ({
          added: eb.ref('excluded.added'),
          activated: eb.ref('excluded.activated'),
          total: eb.ref('excluded.total'),
          online: eb.ref('excluded.online'),
        })),
      )
      .execute();
}

/** Devices per owner dealer whose `column` lies in [starts, ends). */
async function perDealerSince(
  db: Kysely<DB>,
  column: 'created_at' | 'activated_at',
  starts: Date,
  ends: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('devices')
    .select(['dealer_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where(column, '>=', starts)
    .where(column, '<', ends)
    .groupBy('dealer_id')
    .execute();
  return new Map(rows.map((row) => [row.dealer_id, Number(row.n)]));
}

/** Rolls the daily statistics up now and then every DAILY_STAT_EVERY_MS (startPeriodicJob); the answer stops it. */
export function startDailyStatJob(
  db: Kysely<DB>,
  options: Omit<PeriodicJobOptions, 'everyMs'> & { timeZone: string; everyMs?: number },
): () => Promise<void> {
  const { timeZone, ...job } = options;
  return startPeriodicJob('dailyDeviceStats', () => rollUpDailyStats(db, timeZone), {
    ...job,
    everyMs: job.everyMs ?? DAILY_STAT_EVERY_MS,
  });
}

import {
  zonedDay,
  type DailyDeviceStat,
  type getDeviceAuditNum,
  type getOnlineDeviceNumber,
  type OnlineCount,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { bucketsOf, instantsOf, previousDay } from '../../db/platform-days.ts';
import type { DB } from '../../db/schema.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';
import { devicesOfScope } from '../devices/index.ts';
import { overviewOf } from './counts.ts';

/**
 * The dashboard's device figures per platform day: the days before today from the daily roll-up
 * (daily-job.ts), today counted on read (the day's added or activated devices by index, the live counts).
 */

type DayRange = { startTime: string; endTime: string };
type DayFigures = { added: number; activated: number; total: number; online: number };

const NONE: DayFigures = { added: 0, activated: 0, total: 0, online: 0 };

/** The figures of each day of the range (missing days: zero), the current day live. */
async function figuresByDay(
  db: Kysely<DB>,
  scope: DealerScope,
  range: DayRange,
  zone: string,
  now: Date,
): Promise<Map<string, DayFigures>> {
  const today = zonedDay(now, zone);
  const lastRolled = range.endTime < today ? range.endTime : previousDay(today);
  const byDay = new Map<string, DayFigures>();
  if (range.startTime <= lastRolled) {
    const rows = await db
      .selectFrom('daily_device_stat as s')
      .innerJoin('dealers as sd', 'sd.id', 's.dealer_id')
      .where(ownerInSubtree(scope, 'sd'))
      .where('s.stat_day', '>=', range.startTime)
      .where('s.stat_day', '<=', lastRolled)
      .select([
        sql<string>`s.stat_day::text`.as('day'),
        sql<string>`sum(s.added)`.as('added'),
        sql<string>`sum(s.activated)`.as('activated'),
        sql<string>`sum(s.total)`.as('total'),
        sql<string>`sum(s.online)`.as('online'),
      ])
      .groupBy('s.stat_day')
      .execute();
    for (const row of rows)
      byDay.set(row.day, {
        added: Number(row.added),
        activated: Number(row.activated),
        total: Number(row.total),
        online: Number(row.online),
      });
  }
  if (range.startTime <= today && today <= range.endTime) byDay.set(today, await todayFigures(db, scope, today, zone));
  return byDay;
}

/** The current day: devices added and activated since its start, devices and ONLINE devices now. */
async function todayFigures(db: Kysely<DB>, scope: DealerScope, today: string, zone: string): Promise<DayFigures> {
  const { from, until } = instantsOf({ startTime: today, endTime: today }, zone);
  const countSince = (column: 'dv.created_at' | 'dv.activated_at') =>
    devicesOfScope(db, scope)
      .where(column, '>=', from)
      .where(column, '<', until)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
  const [added, activated, now] = await Promise.all([
    countSince('dv.created_at'),
    countSince('dv.activated_at'),
    overviewOf(db, scope),
  ]);
  return { added: Number(added.n), activated: Number(activated.n), total: now.total, online: now.onlineAmount };
}

/** Per day of the range: devices added (count) and devices at the day's end (accumulate). */
export async function devicesAddedByDay(
  db: Kysely<DB>,
  scope: DealerScope,
  range: DayRange,
  zone: string,
  now = new Date(),
): Promise<DailyDeviceStat[]> {
  const byDay = await figuresByDay(db, scope, range, zone, now);
  return bucketsOf(range, false).map((day) => {
    const figures = byDay.get(day) ?? NONE;
    return { analysisTime: day, count: figures.added, accumulate: figures.total };
  });
}

/** Devices activated per day or month of the range. */
export async function devicesActivated(
  db: Kysely<DB>,
  scope: DealerScope,
  request: z.output<(typeof getDeviceAuditNum)['request']>,
  zone: string,
  now = new Date(),
): Promise<Array<{ time: string; num: number }>> {
  const byDay = await figuresByDay(db, scope, request, zone, now);
  const month = request.timeType === 'month';
  const sums = new Map<string, number>();
  for (const [day, figures] of byDay) {
    const bucket = month ? day.slice(0, 7) : day;
    sums.set(bucket, (sums.get(bucket) ?? 0) + figures.activated);
  }
  return bucketsOf(request, month).map((time) => ({ time, num: sums.get(time) ?? 0 }));
}

/** Devices ONLINE at the end of each day (or month: its last day in the range up to today) of the range; the latest pageSize. */
export async function devicesOnline(
  db: Kysely<DB>,
  scope: DealerScope,
  request: z.output<(typeof getOnlineDeviceNumber)['request']>,
  zone: string,
  now = new Date(),
): Promise<OnlineCount[]> {
  const byDay = await figuresByDay(db, scope, request, zone, now);
  const month = request.type === 'month';
  const atEnd = new Map<string, number>();
  const today = zonedDay(now, zone);
  for (const day of bucketsOf(request, false)) {
    const bucket = month ? day.slice(0, 7) : day;
    // A month's figure is that of its last day so far: future days do not overwrite it.
    if (day <= today || !atEnd.has(bucket)) atEnd.set(bucket, byDay.get(day)?.online ?? 0);
  }
  return [...atEnd].map(([analysisTime, count]) => ({ analysisTime, count })).slice(-request.pageSize);
}

import { insideWindow, zonedDateTime, type DeferReason } from '@dcc/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The demo protocol's point that says a unit is busy (packages/protocol demo-table.ts): 'run' (address 40) with
 * its bits defrost (3) and electric heater (4: the heater that heats hot water when the pump alone cannot). A
 * unit that never reported it counts as idle.
 */
export const BUSY_POINTS = { run: 40, defrostBit: 8, heaterBit: 16 };

/** The minute of the day (0-1439) on the platform's wall clock. */
export function platformMinute(now: Date, timeZone: string): number {
  const wall = zonedDateTime(now, timeZone);
  return Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
}

export const clockOfMinute = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const minuteOfClock = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Why each of these (connected) devices cannot take a firmware now; a device not in the answer is ready. */
export async function unreadyDevices(
  db: Kysely<DB> | Transaction<DB>,
  deviceIds: readonly string[],
): Promise<Map<string, DeferReason>> {
  const reasons = new Map<string, DeferReason>();
  if (deviceIds.length === 0) return reasons;
  const { run, defrostBit, heaterBit } = BUSY_POINTS;
  const rows = await db
    .selectFrom('devices as dv')
    .leftJoin('device_values as v', 'v.device_id', 'dv.id')
    .select(['dv.id', 'dv.signal', sql<string | null>`v.point_values ->> ${String(run)}`.as('run')])
    .where('dv.id', 'in', [...deviceIds])
    .execute();
  for (const row of rows) {
    const runBits = row.run === null ? 0 : Math.trunc(Number(row.run));
    if ((runBits & (defrostBit | heaterBit)) !== 0) reasons.set(row.id, 'busy');
    else if (row.signal === 'weak') reasons.set(row.id, 'weakSignal');
  }
  return reasons;
}

/** Whether the platform's local time is inside a task's maintenance window now. */
export const inWindowNow = (now: Date, timeZone: string, task: { window_start: number; window_end: number }) =>
  insideWindow(platformMinute(now, timeZone), task.window_start, task.window_end);

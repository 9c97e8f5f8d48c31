import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';
import { dayOf } from '../apps/server/src/db/partition-day.ts';
import { ensureDayPartitions } from '../apps/server/src/ingest/index.ts';

/**
 * The log search benchmark's volume (issue 22), made by set-based SQL (generate_series) in the real
 * partitioned tables, one day partition at a time: `packets` communication-log rows (raw_packets) spread
 * evenly over the fleet's devices and `days` whole UTC days ending yesterday (each device reports every
 * 86,400 / (packets / devices / days) seconds, 2% of the rows are commands sent down), and `apiCalls`
 * API call log rows over the same days from 200 operators acting for the fleet's companies.
 */
export interface LogVolume {
  days: string[];
  packets: number;
  apiCalls: number;
}

const DAY_MS = 86_400_000;
const OPERATORS = 200;
const MARK = (volume: LogVolume) => `bench ${volume.packets} packets ${volume.apiCalls} calls ${volume.days[0]}`;

export const operatorPhone = (k: number) => `1380000${String(k).padStart(4, '0')}`;

/** The `count` whole UTC days before today, oldest first. */
export function lastDays(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, k) => dayOf(new Date(now.getTime() - (count - k) * DAY_MS)));
}

/** Fills the log tables unless they already hold this volume (a mark on raw_packets says so). */
export async function seedLogVolume(db: Kysely<DB>, volume: LogVolume, deviceIds: string[], dealerIds: string[]) {
  const marked = await sql<{ mark: string | null }>`select obj_description('raw_packets'::regclass) as mark`.execute(
    db,
  );
  if (marked.rows[0]?.mark === MARK(volume)) return false;
  await sql`truncate raw_packets, api_call_log`.execute(db);
  await ensureDayPartitions(db, volume.days, ['raw_packets', 'api_call_log']);
  const perDevicePerDay = Math.round(volume.packets / deviceIds.length / volume.days.length);
  const callsPerDay = Math.round(volume.apiCalls / volume.days.length);
  const interfaces = [
    'device/list',
    'device/count',
    'device/pointValues',
    'notice/selectAll',
    'log/apiUsedLog',
    'device/detail',
    'project/list',
    'dealers/getDealersByUser',
    'member/list',
    'device/sendCommand',
  ];
  for (const [index, day] of volume.days.entries()) {
    const started = Date.now();
    await sql`set synchronous_commit = off`.execute(db);
    // Per device, its reports of the day in time order (the order they arrive in).
    await sql`
      insert into raw_packets (day, device_id, at, seq, digest, direction, payload, kind)
      select ${day}::date, d.id, ${day}::date + (k * (86400.0 / ${perDevicePerDay}) + d.id % 60) * interval '1 second', k,
        (d.id * 7919 + k) % 2147483647, case when k % 50 = 7 then 'down' else 'up' end,
        decode('5aa5' || repeat('01020304', 24), 'hex') || int4send(k), case when k % 50 = 7 then 'command' else 'report' end
      from unnest(${deviceIds}::bigint[]) as d(id), generate_series(0, ${perDevicePerDay - 1}) k`.execute(db);
    await sql`
      insert into api_call_log (day, at, request_id, user_id, operator_phone, operator_email, dealer_id, ip, interface_name, params, outcome_code, duration_ms)
      select ${day}::date, ${day}::date + (c * (86400.0 / ${callsPerDay})) * interval '1 second', md5(${day} || c), 100000 + c % ${OPERATORS},
        '1380000' || lpad((c % ${OPERATORS})::text, 4, '0'), 'operator' || (c % ${OPERATORS}) || '@example.com',
        (${dealerIds}::bigint[])[c % ${dealerIds.length} + 1], '10.0.' || (c % 200) || '.' || (c % 7),
        (${interfaces}::text[])[c % ${interfaces.length} + 1], '{"pageIndex":1,"pageSize":10,"keyword":""}',
        case when c % 40 = 3 then 1001 else 0 end, 2 + (c % 50)
      from generate_series(0, ${callsPerDay - 1}) c`.execute(db);
    console.log(
      `[seed] ${day} (${index + 1}/${volume.days.length}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await sql`analyze raw_packets`.execute(db);
  // As autovacuum leaves an insert-only partition of past days (all-visible): index-only scans can answer from the index.
  await sql`vacuum analyze api_call_log`.execute(db);
  await sql.raw(`comment on table raw_packets is '${MARK(volume)}'`).execute(db);
  return true;
}

import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { zonedDay } from '@dcc/contract';

/** Bytes and messages of one device at one instant, in one direction (counted on its platform day). */
export interface TrafficSample {
  deviceId: string;
  at: Date;
  bytes: number;
}

/**
 * Adds samples to device_traffic in one statement: summed per device and day of the platform's zone
 * (`timeZone`) in memory first, rows locked in (device, day) order so two writers cannot deadlock.
 */
export async function addTraffic(
  db: Kysely<DB> | Transaction<DB>,
  direction: 'up' | 'down',
  samples: readonly TrafficSample[],
  timeZone: string,
): Promise<void> {
  if (samples.length === 0) return;
  const sums = new Map<string, { deviceId: string; day: string; bytes: number; packets: number }>();
  for (const s of samples) {
    const day = zonedDay(s.at, timeZone);
    const key = `${s.deviceId}|${day}`;
    const sum = sums.get(key) ?? { deviceId: s.deviceId, day, bytes: 0, packets: 0 };
    sum.bytes += s.bytes;
    sum.packets += 1;
    sums.set(key, sum);
  }
  const rows = [...sums.values()].sort((a, b) => Number(a.deviceId) - Number(b.deviceId) || (a.day < b.day ? -1 : 1));
  await trafficUpsert(
    direction,
    sql`
    select * from unnest(${rows.map((r) => r.deviceId)}::bigint[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.bytes)}::bigint[], ${rows.map((r) => r.packets)}::bigint[])`,
  ).execute(db);
}

/**
 * The statement adding `rows` (a select of device id, day, bytes, packets, one row per device and day,
 * in (device, day) order so two writers lock rows alike) to device_traffic; the ingest runs it inside
 * its batch statement (pipeline-gate.ts).
 */
export function trafficUpsert(direction: 'up' | 'down', rows: RawBuilder<unknown>): RawBuilder<unknown> {
  const [bytes, packets] =
    direction === 'up'
      ? [sql.ref('bytes_up'), sql.ref('packets_up')]
      : [sql.ref('bytes_down'), sql.ref('packets_down')];
  return sql`
    insert into device_traffic as t (device_id, day, ${bytes}, ${packets}) ${rows}
    on conflict (device_id, day) do update set ${bytes} = t.${bytes} + excluded.${bytes}, ${packets} = t.${packets} + excluded.${packets}`;
}

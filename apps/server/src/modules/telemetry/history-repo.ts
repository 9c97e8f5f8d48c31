import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';
import { dayOf } from '../../db/partition-day.ts';

/** A point history: the times (epoch milliseconds) of the stored frames that carried any of the addresses, and each address's values at those times. */
export interface PointHistory {
  times: number[];
  addressList: Array<{ address: number; valueList: Array<number | null> }>;
}

/**
 * The values of `addresses` of a device of the caller's scope between `start` and `end` (inclusive), oldest first. Only
 * the day partitions of the range are read (the `day` bound), and only frames carrying at least one of
 * the addresses answer a time. The answer comes as one row of arrays aggregated over one ordered pass
 * (an `order by` in each aggregate sorted the frames once per column), times as epoch milliseconds:
 * 20,000 row objects with parsed timestamps cost the client more than the query costs the server.
 */
export async function pointHistory(
  db: Kysely<DB>,
  device: DeviceInScope,
  addresses: readonly number[],
  start: Date,
  end: Date,
): Promise<PointHistory> {
  const picked = addresses.map(
    (a, k) => sql`point_values[array_position(addresses, ${a}::int)] as ${sql.ref(`v${k}`)}`,
  );
  const columns = addresses.map((_, k) => sql`array_agg(${sql.ref(`v${k}`)})::text as ${sql.ref(`v${k}`)}`);
  const { rows } = await sql<Record<string, string | null>>`
    select array_agg(t)::text as t, ${sql.join(columns)}
    from (
      select (date_part('epoch', at) * 1000)::bigint as t, ${sql.join(picked)}
      from telemetry_history
      where device_id = ${device.id} and day between ${dayOf(start)}::date and ${dayOf(end)}::date and at between ${start.toISOString()}::timestamptz and ${end.toISOString()}::timestamptz
        and addresses && ${addresses}::int[]
      order by at
    ) as frames`.execute(db);
  const row = rows[0] ?? {};
  return {
    times: numbers(row.t ?? null) as number[],
    addressList: addresses.map((address, k) => ({ address, valueList: numbers(row[`v${k}`] ?? null) })),
  };
}

/** A float8 or bigint array in its text form ('{1.5,NULL,2}') to numbers and nulls. */
function numbers(text: string | null): Array<number | null> {
  if (!text || text.length <= 2) return [];
  return text
    .slice(1, -1)
    .split(',')
    .map((x) => (x === 'NULL' ? null : Number(x)));
}

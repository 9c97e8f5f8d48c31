import { HISTORY_MAX_DAYS, localName } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { dayOf } from '../../db/partition-day.ts';
import { devicePoints, type PointReader } from './current-points.ts';
import type { DeviceInScope } from '../devices/index.ts';

const LOOK_BACK_MS = HISTORY_MAX_DAYS * 86_400_000;

/**
 * Every point of a device as it was at `time` (point history time travel): per address the newest
 * stored value at or before it, within HISTORY_MAX_DAYS before it (only those day partitions are read).
 * One lateral lookup per address walks the (device_id, at) index backwards from the moment.
 */
export async function valuesAt(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  time: Date,
  reader: PointReader,
) {
  const { locale } = reader;
  const points = await devicePoints(db, profiles, device, reader);
  const from = new Date(time.getTime() - LOOK_BACK_MS);
  const addresses = points.map((p) => p.address);
  const { rows } =
    addresses.length === 0
      ? { rows: [] }
      : await sql<{ address: number; value: number | null; at: Date | null }>`
    select a as address, h.v as value, h.at
    from unnest(${addresses}::int[]) as a
    left join lateral (
      select point_values[array_position(addresses, a)] as v, at from telemetry_history
      where device_id = ${device.id} and day between ${dayOf(from)}::date and ${dayOf(time)}::date
        and at between ${from.toISOString()}::timestamptz and ${time.toISOString()}::timestamptz and addresses @> array[a]
      order by at desc limit 1
    ) h on true`.execute(db);
  const byAddress = new Map(rows.map((r) => [Number(r.address), r]));
  return {
    time: time.toISOString(),
    dataList: points.map((p) => {
      const row = byAddress.get(p.address);
      return {
        ...p,
        name: localName(locale, p.name, p.enName),
        value: row?.value ?? null,
        reportedAt: row?.at ? new Date(row.at).toISOString() : null,
      };
    }),
  };
}

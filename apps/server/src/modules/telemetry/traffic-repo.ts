import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** A device's traffic per day (device_traffic, migration 030), newest day first, paged. */
export async function deviceTrafficPage(
  db: Kysely<DB>,
  device: DeviceInScope,
  filter: { startDay?: string | undefined; endDay?: string | undefined; pageIndex: number; pageSize: number },
) {
  let query = db.selectFrom('device_traffic').where('device_id', '=', device.id);
  if (filter.startDay) query = query.where('day', '>=', filter.startDay);
  if (filter.endDay) query = query.where('day', '<=', filter.endDay);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) =>
      filtered
        .select([sql<string>`day::text`.as('day'), 'bytes_up', 'packets_up', 'bytes_down', 'packets_down'])
        .orderBy('day', 'desc'),
    filter,
  );
  return {
    totalSize,
    list: rows.map((r) => ({
      day: r.day,
      bytesUp: Number(r.bytes_up),
      packetsUp: Number(r.packets_up),
      bytesDown: Number(r.bytes_down),
      packetsDown: Number(r.packets_down),
    })),
  };
}

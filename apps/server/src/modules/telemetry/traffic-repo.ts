import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';

/** A device's traffic per day (device_traffic, migration 030), newest day first, paged. */
export async function deviceTrafficPage(
  db: Kysely<DB>,
  device: DeviceInScope,
  filter: { startDay?: string | undefined; endDay?: string | undefined; pageIndex: number; pageSize: number },
) {
  let query = db.selectFrom('device_traffic').where('device_id', '=', device.id);
  if (filter.startDay) query = query.where('day', '>=', filter.startDay);
  if (filter.endDay) query = query.where('day', '<=', filter.endDay);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    query
      .select([sql<string>`day::text`.as('day'), 'bytes_up', 'packets_up', 'bytes_down', 'packets_down'])
      .orderBy('day', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageIndex - 1) * filter.pageSize)
      .execute(),
  ]);
  return {
    totalSize: Number(total),
    list: rows.map((r) => ({
      day: r.day,
      bytesUp: Number(r.bytes_up),
      packetsUp: Number(r.packets_up),
      bytesDown: Number(r.bytes_down),
      packetsDown: Number(r.packets_down),
    })),
  };
}

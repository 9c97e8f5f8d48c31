import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { numbersOf } from './latest-values.ts';

/** The latest value of each point of a device (table device_values), by address; empty when it never reported. */
export async function currentValues(db: Kysely<DB>, deviceId: string): Promise<Map<number, number>> {
  const row = await db
    .selectFrom('device_values')
    .select('point_values')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return numbersOf(row?.point_values);
}

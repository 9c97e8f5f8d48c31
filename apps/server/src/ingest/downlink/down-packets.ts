import { crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import { ensureDayPartitions } from '../partitions/partitions.ts';

const MS_PER_DAY = 86_400_000;

/**
 * Keeps a message sent down to a device in raw_packets (direction 'down', kind 'command'), for the
 * communication log (issue 22). Its key's `seq` is the millisecond of the day it was sent: two equal
 * commands sent apart are two rows. A missing day partition is made and the write tried once more.
 */
export async function keepDownPacket(
  db: Kysely<DB>,
  deviceId: string,
  payload: Buffer,
  at = new Date(),
): Promise<void> {
  const row = {
    day: dayOf(at),
    device_id: deviceId,
    at,
    seq: at.getTime() % MS_PER_DAY,
    // crc32 is unsigned; the column is a signed integer as the ingest stores it.
    digest: crc32(payload) | 0,
    direction: 'down' as const,
    payload,
    kind: 'command',
  };
  const insert = () =>
    db
      .insertInto('raw_packets')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .execute();
  try {
    await insert();
  } catch {
    await ensureDayPartitions(db, [row.day]);
    await insert();
  }
}

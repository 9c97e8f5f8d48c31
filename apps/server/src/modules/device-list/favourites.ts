import type { Device, Locale } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { scopedDevices, selectItem, toDevice } from '../devices/index.ts';
import { devicesInScope } from '../devices/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** A user's favourite devices (collectionManage): followed within the scope, listed while they stay in it. */

export async function follow(
  db: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  deviceIds: readonly string[],
): Promise<{ followed: number }> {
  const devices = await devicesInScope(db, scope, deviceIds);
  await db
    .insertInto('device_favourites')
    .values(devices.map((device) => ({ user_id: userId, device_id: device.id })))
    .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doNothing())
    .execute();
  return { followed: devices.length };
}

export async function unfollow(
  db: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  deviceIds: readonly string[],
): Promise<{ unfollowed: number }> {
  const devices = await devicesInScope(db, scope, deviceIds);
  const removed = await db
    .deleteFrom('device_favourites')
    .where('user_id', '=', userId)
    .where(
      'device_id',
      'in',
      devices.map((device) => device.id),
    )
    .executeTakeFirst();
  return { unfollowed: Number(removed.numDeletedRows) };
}

export async function favouritePage(
  db: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  page: { pageIndex: number; pageSize: number },
  locale: Locale,
): Promise<{ list: Device[]; totalSize: number }> {
  const followed = scopedDevices(db, scope).where('dv.id', 'in', (eb) =>
    eb.selectFrom('device_favourites').select('device_id').where('user_id', '=', userId),
  );
  const followedAt = sql`(select created_at from device_favourites f where f.device_id = dv.id and f.user_id = ${userId})`;
  const { rows, totalSize } = await pageWithTotal(
    followed,
    (query) => selectItem(query).orderBy(followedAt, 'desc').orderBy('dv.id', 'desc'),
    page,
  );
  return { list: rows.map(toDevice(locale)), totalSize };
}

/** Marks which of the listed devices the user follows. */
export async function withFollowed<T extends { deviceId: string }>(
  db: Kysely<DB>,
  userId: string,
  devices: T[],
): Promise<(T & { followed: boolean })[]> {
  if (devices.length === 0) return [];
  const rows = await db
    .selectFrom('device_favourites')
    .select('device_id')
    .where('user_id', '=', userId)
    .where(
      'device_id',
      'in',
      devices.map((d) => d.deviceId),
    )
    .execute();
  const followed = new Set(rows.map((row) => row.device_id));
  return devices.map((device) => ({ ...device, followed: followed.has(device.deviceId) }));
}

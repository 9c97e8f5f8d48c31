import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { publishedProperties } from '../../ingest/thing-model-addresses.ts';

type Mode = 'R' | 'W' | 'RW';

/** Every point of the device's table (or thing model) with its current value and when it came. */
export async function currentPoints(db: Kysely<DB>, profiles: DeviceProfiles, device: { id: string; code: string; productId: string }) {
  const [profile, row] = await Promise.all([
    profiles.get(device.code),
    db.selectFrom('device_values').select(['point_values', 'reported_at']).where('device_id', '=', device.id).executeTakeFirst(),
  ]);
  const values = row?.point_values ?? {};
  const reported = row?.reported_at ?? {};
  const points: Array<{ address: number; code: string; name: string; unit: string; mode: Mode }> = profile?.table
    ? profile.table.points.map((p) => ({ address: p.address, code: p.code, name: p.name, unit: p.unit, mode: p.def.mode }))
    : await thingModelPoints(db, device.productId);
  return {
    dataList: points.map((p) => ({ ...p, value: values[p.address] ?? null, reportedAt: reported[p.address] ?? null })),
  };
}

async function thingModelPoints(db: Kysely<DB>, productId: string) {
  return (await publishedProperties(db, productId)).map(({ address, property }) => ({
    address, code: property.identifier ?? '', name: property.name ?? '', unit: property.dataType?.unit ?? '', mode: (property.accessMode === 'rw' ? 'RW' : 'R') as Mode,
  }));
}

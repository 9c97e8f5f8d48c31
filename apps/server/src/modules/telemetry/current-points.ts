import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';

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
  const row = await db.selectFrom('thing_models').select('published').where('product_id', '=', productId).executeTakeFirst();
  const properties = (row?.published as { properties?: Array<{ identifier?: string; name?: string; accessMode?: string; dataType?: { unit?: string } }> } | null)?.properties ?? [];
  return properties.map((p, k) => ({
    address: k + 1, code: p.identifier ?? '', name: p.name ?? '', unit: p.dataType?.unit ?? '', mode: (p.accessMode === 'rw' ? 'RW' : 'R') as Mode,
  }));
}

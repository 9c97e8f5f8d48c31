import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { publishedProperties } from '../../ingest/thing-model-addresses.ts';

type Mode = 'R' | 'W' | 'RW';
type ScopedDevice = { id: string; code: string; productId: string };

/** One point of a device's table (or published thing model), as the detail pages list it. */
export interface DevicePoint {
  address: number;
  code: string;
  name: string;
  /** The point's English name where the table has one ('' otherwise). */
  enName: string;
  unit: string;
  mode: Mode;
}

/** Every point of the device's protocol table, or of its product's published thing model. */
export async function devicePoints(db: Kysely<DB>, profiles: DeviceProfiles, device: ScopedDevice): Promise<DevicePoint[]> {
  const profile = await profiles.get(device.code);
  if (profile?.table) {
    return profile.table.points.map((p) => ({ address: p.address, code: p.code, name: p.name, enName: p.def.enName ?? '', unit: p.unit, mode: p.def.mode }));
  }
  return thingModelPoints(db, device.productId);
}

/** Every point of the device's table (or thing model) with its current value and when it came. */
export async function currentPoints(db: Kysely<DB>, profiles: DeviceProfiles, device: ScopedDevice) {
  const [points, row] = await Promise.all([
    devicePoints(db, profiles, device),
    db.selectFrom('device_values').select(['point_values', 'reported_at']).where('device_id', '=', device.id).executeTakeFirst(),
  ]);
  const values = row?.point_values ?? {};
  const reported = row?.reported_at ?? {};
  return {
    dataList: points.map(({ enName: _enName, ...p }) => ({ ...p, value: values[p.address] ?? null, reportedAt: reported[p.address] ?? null })),
  };
}

async function thingModelPoints(db: Kysely<DB>, productId: string): Promise<DevicePoint[]> {
  return (await publishedProperties(db, productId)).map(({ address, property }) => ({
    address, code: property.identifier ?? '', name: property.name ?? '', enName: '', unit: property.dataType?.unit ?? '', mode: (property.accessMode === 'rw' ? 'RW' : 'R') as Mode,
  }));
}

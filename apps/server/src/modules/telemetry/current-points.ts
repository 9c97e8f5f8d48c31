import type { Locale, PointValue } from '@dcc/contract';
import type { CompiledPoint, RangeBound } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { publishedProperties } from '../../ingest/thing-model-addresses.ts';

type Mode = 'R' | 'W' | 'RW';
type ScopedDevice = { id: string; code: string; productId: string };
/** One point of a device's table (or published thing model), as the detail pages list it. */
export type DevicePoint = Omit<PointValue, 'value' | 'reportedAt'>;

/** Who reads the values: vendor parameters are answered only to callers holding Button.DEVICE_VENDOR_PARAMS. */
export interface PointReader {
  locale: Locale;
  vendorParams: boolean;
}

/**
 * Every point of the device's protocol table, or of its product's published thing model, that the reader
 * may see: the one place the vendor-parameter rule is applied to point reads (values, history, time travel).
 * `values` resolves a range end that references another point (`$n$`).
 */
export async function devicePoints(db: Kysely<DB>, profiles: DeviceProfiles, device: ScopedDevice, reader: PointReader, values: Record<number, number | null> = {}): Promise<DevicePoint[]> {
  const profile = await profiles.get(device.code);
  if (profile?.table) {
    return profile.table.points.filter((p) => reader.vendorParams || !p.def.vendorParam).map((p) => tablePoint(p, values, reader.locale));
  }
  return thingModelPoints(db, device.productId);
}

/** Every point of the device's table (or thing model) with its current value and when it came. */
export async function currentPoints(db: Kysely<DB>, profiles: DeviceProfiles, device: ScopedDevice, reader: PointReader) {
  const row = await db.selectFrom('device_values').select(['point_values', 'reported_at']).where('device_id', '=', device.id).executeTakeFirst();
  const values = row?.point_values ?? {};
  const reported = row?.reported_at ?? {};
  const points = await devicePoints(db, profiles, device, reader, values);
  return {
    dataList: points.map((p) => ({ ...p, value: values[p.address] ?? null, reportedAt: reported[p.address] ?? null })),
  };
}

function tablePoint(p: CompiledPoint, values: Record<number, number | null>, locale: Locale): DevicePoint {
  // A `$n$` end is the referenced point's current value, as the encoder reads it when the value is set.
  const bound = (b: RangeBound | undefined): number | null => (b?.kind === 'number' ? b.value : b?.kind === 'ref' ? (values[b.address] ?? null) : null);
  return {
    address: p.address, code: p.code, name: p.name, enName: p.def.enName ?? '', unit: p.unit, mode: p.def.mode,
    vendorParam: p.def.vendorParam === true, clientParam: p.def.clientParam === true, basicInfo: p.def.basicInfo === true,
    min: bound(p.range?.min), max: bound(p.range?.max),
    options: (p.def.enumItems ?? []).map((item) => ({ value: item.value, label: (locale === 'en-US' && item.enLabel) || item.label })),
  };
}

async function thingModelPoints(db: Kysely<DB>, productId: string): Promise<DevicePoint[]> {
  return (await publishedProperties(db, productId)).map(({ address, property }) => ({
    address, code: property.identifier ?? '', name: property.name ?? '', enName: '', unit: property.dataType?.unit ?? '', mode: (property.accessMode === 'rw' ? 'RW' : 'R') as Mode,
    vendorParam: false, clientParam: false, basicInfo: false,
    min: property.dataType?.min ?? null, max: property.dataType?.max ?? null,
    options: property.dataType?.type === 'enum' || property.dataType?.type === 'bool' ? (property.dataType.values ?? []) : [],
  }));
}

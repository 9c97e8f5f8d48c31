import type { Locale, PointValue } from '@dcc/contract';
import type { CompiledPoint, RangeBound } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { publishedProperties } from '../../ingest/thing-model-addresses.ts';

type Mode = 'R' | 'W' | 'RW';
type PointSettings = Omit<PointValue, 'value' | 'reportedAt'>;

/** Who reads the values: vendor parameters are answered only to callers holding Button.DEVICE_VENDOR_PARAMS. */
export interface PointReader {
  locale: Locale;
  vendorParams: boolean;
}

/** Every point of the device's table (or thing model) with its current value and when it came. */
export async function currentPoints(db: Kysely<DB>, profiles: DeviceProfiles, device: { id: string; code: string; productId: string }, reader: PointReader) {
  const [profile, row] = await Promise.all([
    profiles.get(device.code),
    db.selectFrom('device_values').select(['point_values', 'reported_at']).where('device_id', '=', device.id).executeTakeFirst(),
  ]);
  const values = row?.point_values ?? {};
  const reported = row?.reported_at ?? {};
  const points: PointSettings[] = profile?.table
    ? profile.table.points.filter((p) => reader.vendorParams || !p.def.vendorParam).map((p) => tablePoint(p, values, reader.locale))
    : await thingModelPoints(db, device.productId);
  return {
    dataList: points.map((p) => ({ ...p, value: values[p.address] ?? null, reportedAt: reported[p.address] ?? null })),
  };
}

function tablePoint(p: CompiledPoint, values: Record<number, number | null>, locale: Locale): PointSettings {
  // A `$n$` end is the referenced point's current value, as the encoder reads it when the value is set.
  const bound = (b: RangeBound | undefined): number | null => (b?.kind === 'number' ? b.value : b?.kind === 'ref' ? (values[b.address] ?? null) : null);
  return {
    address: p.address, code: p.code, name: p.name, enName: p.def.enName ?? '', unit: p.unit, mode: p.def.mode,
    vendorParam: p.def.vendorParam === true, clientParam: p.def.clientParam === true, basicInfo: p.def.basicInfo === true,
    min: bound(p.range?.min), max: bound(p.range?.max),
    options: (p.def.enumItems ?? []).map((item) => ({ value: item.value, label: (locale === 'en-US' && item.enLabel) || item.label })),
  };
}

async function thingModelPoints(db: Kysely<DB>, productId: string): Promise<PointSettings[]> {
  return (await publishedProperties(db, productId)).map(({ address, property }) => ({
    address, code: property.identifier ?? '', name: property.name ?? '', enName: '', unit: property.dataType?.unit ?? '', mode: (property.accessMode === 'rw' ? 'RW' : 'R') as Mode,
    vendorParam: false, clientParam: false, basicInfo: false,
    min: property.dataType?.min ?? null, max: property.dataType?.max ?? null,
    options: property.dataType?.type === 'enum' || property.dataType?.type === 'bool' ? (property.dataType.values ?? []) : [],
  }));
}

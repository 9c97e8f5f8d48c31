import { localName, localUnit, type Locale, type PointValue } from '@dcc/contract';
import type { CompiledPoint, CompiledTable } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { publishedProperties } from '../../ingest/index.ts';
import { readableBound, visiblePoints, type VendorReader } from '../points/index.ts';
import type { DeviceInScope } from '../devices/index.ts';

type Mode = 'R' | 'W' | 'RW';
/** One point of a device's table (or published thing model), as the detail pages list it. */
export type DevicePoint = Omit<PointValue, 'value' | 'reportedAt'>;

/** Who reads the values: in which language, and whether vendor parameters (vendor-visibility.ts). */
export interface PointReader extends VendorReader {
  locale: Locale;
}

/**
 * Every point of the device's protocol table, or of its product's published thing model, that the reader
 * may see (the vendor-parameter rule, vendor-visibility.ts), for the current values and time travel.
 * `values` resolves a range end that references another point (`$n$`), unless that point is hidden.
 */
export async function devicePoints(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  reader: PointReader,
  values: Record<number, number | null> = {},
): Promise<DevicePoint[]> {
  const profile = await profiles.get(device.code);
  if (profile?.table) {
    const table = profile.table;
    return visiblePoints(reader, table).map((p) => tablePoint(p, table, values, reader));
  }
  return thingModelPoints(db, device.productId, reader);
}

/** Every point of the device's table (or thing model) with its current value and when it came. */
export async function currentPoints(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  reader: PointReader,
) {
  const row = await db
    .selectFrom('device_values')
    .select(['point_values', 'reported_at'])
    .where('device_id', '=', device.id)
    .executeTakeFirst();
  const values = row?.point_values ?? {};
  const reported = row?.reported_at ?? {};
  const points = await devicePoints(db, profiles, device, reader, values);
  return {
    dataList: points.map((p) => ({ ...p, value: values[p.address] ?? null, reportedAt: reported[p.address] ?? null })),
  };
}

function tablePoint(
  p: CompiledPoint,
  table: CompiledTable,
  values: Record<number, number | null>,
  reader: PointReader,
): DevicePoint {
  // A `$n$` end is the referenced point's current value, as the encoder reads it when the value is set.
  const min = readableBound(reader, table, p.range?.min, values);
  const max = readableBound(reader, table, p.range?.max, values);
  return {
    address: p.address,
    code: p.code,
    name: p.name,
    enName: p.def.enName ?? '',
    unit: localUnit(reader.locale, p.unit, p.def.enUnit),
    mode: p.def.mode,
    vendorParam: p.def.vendorParam === true,
    clientParam: p.def.clientParam === true,
    basicInfo: p.def.basicInfo === true,
    min: min.value,
    max: max.value,
    minHidden: min.hidden,
    maxHidden: max.hidden,
    minAwaits: awaited(min.awaits),
    maxAwaits: awaited(max.awaits),
    options: (p.def.enumItems ?? []).map((item) => ({
      value: item.value,
      label: localName(reader.locale, item.label, item.enLabel),
    })),
    bits: (p.binaryItems ?? []).map((item) => ({
      bit: item.bit,
      name: localName(reader.locale, item.content, item.enContent) || item.code,
    })),
    faults: [
      ...(p.faultBits ?? []).map((f) => ({ bit: f.bit!, value: null, code: f.faultCode, level: f.level })),
      ...(p.faultValues ?? []).map((f) => ({ bit: null, value: f.value!, code: f.faultCode, level: f.level })),
    ],
  };
}

const awaited = (point: CompiledPoint | null) =>
  point && { address: point.address, name: point.name, enName: point.def.enName ?? '' };

async function thingModelPoints(db: Kysely<DB>, productId: string, reader: PointReader): Promise<DevicePoint[]> {
  return (await publishedProperties(db, productId)).map(({ address, property }) => ({
    address,
    code: property.identifier ?? '',
    name: property.name ?? '',
    enName: property.enName ?? '',
    unit: property.dataType?.unit ?? '',
    mode: (property.accessMode === 'rw' ? 'RW' : 'R') as Mode,
    vendorParam: false,
    clientParam: false,
    basicInfo: false,
    min: property.dataType?.min ?? null,
    max: property.dataType?.max ?? null,
    minHidden: false,
    maxHidden: false,
    minAwaits: null,
    maxAwaits: null,
    options:
      property.dataType?.type === 'enum' || property.dataType?.type === 'bool'
        ? (property.dataType.values ?? []).map((item) => ({
            value: item.value,
            label: localName(reader.locale, item.label, item.enLabel),
          }))
        : [],
    bits: [],
    faults: [],
  }));
}

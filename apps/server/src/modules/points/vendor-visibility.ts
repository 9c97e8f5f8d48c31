import { Button } from '@dcc/contract';
import type { CompiledPoint, CompiledTable, RangeBound } from '@dcc/protocol';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { buttonsOfMember } from '../dealers/index.ts';

/**
 * Vendor parameters (protocol points flagged vendorParam, e.g. 21 maxSet) are answered only to a
 * caller holding Button.DEVICE_VENDOR_PARAMS (B9405) in the company acted for, read from its current
 * roles. This module is the one rule; every reader of point values applies it, and a reader without
 * the button learns nothing of a vendor parameter, not even that the address exists: current values
 * and their ranges (a `$n$` bound on a vendor point is answered hidden, never as its number), time
 * travel, history and its export, the communication log (no vendor rows, no raw bytes), the device
 * list filter and its points, the live stream, set refusals and the operation log. Thing-model
 * properties carry no such flag. Any later reader of point values (dashboards, batch parameters, the
 * assistant) must read through it too. docs/SECURITY.md "Vendor parameters".
 */
export interface VendorReader {
  vendorParams: boolean;
}

/** Whether buttons held in a company include the vendor parameter button. */
export const readsVendorParams = (buttons: Iterable<string>): boolean =>
  [...buttons].includes(Button.DEVICE_VENDOR_PARAMS);

/** The member of a company as a reader of vendor parameters. */
export async function vendorReaderOf(db: Kysely<DB>, userId: string, dealerId: string): Promise<VendorReader> {
  return { vendorParams: readsVendorParams(await buttonsOfMember(db, userId, dealerId)) };
}

/** Whether the point is hidden from the reader (a point the table does not have is not: it answers as unknown anyway). */
export const hiddenPoint = (reader: VendorReader, point: CompiledPoint | undefined): boolean =>
  !reader.vendorParams && point?.def.vendorParam === true;

/** Whether the address is a vendor parameter of the table hidden from the reader. */
export const hiddenAddress = (
  reader: VendorReader,
  table: CompiledTable | null | undefined,
  address: number,
): boolean => hiddenPoint(reader, table?.byAddress.get(address));

/** The points of the table the reader may see. */
export const visiblePoints = (reader: VendorReader, table: CompiledTable): CompiledPoint[] =>
  table.points.filter((p) => !hiddenPoint(reader, p));

/** Items (values, decoded rows) keyed by address, without those the reader may not see. */
export function withoutHidden<T extends { address: number }>(
  reader: VendorReader,
  table: CompiledTable | null | undefined,
  items: readonly T[],
): T[] {
  return reader.vendorParams || !table
    ? [...items]
    : items.filter((item) => !hiddenAddress(reader, table, item.address));
}

/** Whether the table has a point hidden from the reader (then a frame's raw bytes may carry one). */
export const hidesAnyPoint = (reader: VendorReader, table: CompiledTable | null | undefined): boolean =>
  !reader.vendorParams && (table?.points.some((p) => p.def.vendorParam === true) ?? false);

/**
 * One end of a range as the reader may see it: its number (null when open or not yet known), hidden when it
 * is a vendor parameter's value, or awaiting the point it is read from when that has not been reported.
 */
export function readableBound(
  reader: VendorReader,
  table: CompiledTable,
  bound: RangeBound | undefined,
  values: Readonly<Record<number, number | null>>,
): { value: number | null; hidden: boolean; awaits: CompiledPoint | null } {
  if (bound?.kind === 'number') return { value: bound.value, hidden: false, awaits: null };
  if (bound?.kind !== 'ref') return { value: null, hidden: false, awaits: null };
  if (hiddenAddress(reader, table, bound.address)) return { value: null, hidden: true, awaits: null };
  const value = values[bound.address] ?? null;
  return { value, hidden: false, awaits: value === null ? (table.byAddress.get(bound.address) ?? null) : null };
}

/** Whether either end of the point's range is a vendor parameter hidden from the reader (a refusal then quotes neither). */
export const rangeHidden = (reader: VendorReader, table: CompiledTable, point: CompiledPoint): boolean =>
  [point.range?.min, point.range?.max].some((b) => b?.kind === 'ref' && hiddenAddress(reader, table, b.address));

/**
 * SQL: the product's point at `address` (in the newest version of its protocol, the table its devices'
 * frames are read with) is a vendor parameter hidden from the reader; always false for a holder.
 */
export function hiddenProductPoint(reader: VendorReader, productId: string, address: number): RawBuilder<boolean> {
  if (reader.vendorParams) return sql<boolean>`false`;
  return sql<boolean>`exists (
    select 1 from products p
    join protocol_points pp on pp.version_id = (select pv.id from protocol_versions pv where pv.protocol_id = p.protocol_id order by pv.id desc limit 1)
    where p.id = ${productId}::bigint and pp.address = ${address} and pp.vendor_param)`;
}

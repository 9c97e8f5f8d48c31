import { ErrorCode, localName, type Locale } from '@dcc/contract';
import type { CompiledPoint, CompiledTable, EncodeError } from '@dcc/protocol';
import { failOnField } from '../../http/app-error.ts';
import { hiddenAddress, hiddenPoint, rangeHidden, type VendorReader } from '../points/index.ts';

/** The rules a set command's values must pass before anything is sent; each refusal names its field `values.N.value`. */

export interface PointValueInput {
  address: number;
  value: number;
}

/** A point as a refusal names it, in the caller's language: "Hot-water setpoint (3)". */
export const pointLabel = (point: CompiledPoint, locale: Locale): string =>
  `${localName(locale, point.name, point.def.enName)} (${point.address})`;

const fieldOf = (index: number) => `values.${index}.value`;
const bound = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : String(value);

/**
 * Refuses, in this order, a point the table does not know, one given twice, one that is not RW (the
 * issue: only RW points are set), and a vendor parameter hidden from the caller (vendor-visibility.ts).
 */
export function checkPoints(
  values: readonly PointValueInput[],
  table: CompiledTable,
  reader: VendorReader,
  locale: Locale,
): void {
  const seen = new Set<number>();
  values.forEach(({ address }, index) => {
    const point = table.byAddress.get(address);
    if (!point) failOnField(ErrorCode.POINT_UNKNOWN, fieldOf(index), locale, { address });
    if (seen.has(address))
      failOnField(ErrorCode.POINT_DUPLICATE, fieldOf(index), locale, { point: pointLabel(point, locale) });
    seen.add(address);
    if (point.def.mode !== 'RW')
      failOnField(ErrorCode.POINT_NOT_WRITABLE, fieldOf(index), locale, { point: pointLabel(point, locale) });
    if (hiddenPoint(reader, point))
      failOnField(ErrorCode.POINT_VENDOR_PARAM, fieldOf(index), locale, { point: pointLabel(point, locale) });
  });
}

/**
 * Turns the encoder's refusal (enum, range with references resolved, resolution, byte length) into the
 * field error of the value at fault. A range whose end is a vendor parameter hidden from the caller is
 * never quoted, nor the point it references named (vendor-visibility.ts).
 */
export function refuseEncoding(
  error: EncodeError,
  values: readonly PointValueInput[],
  table: CompiledTable,
  reader: VendorReader,
  locale: Locale,
): never {
  const index = Math.max(
    0,
    values.findIndex((v) => v.address === error.address),
  );
  const value = values[index];
  const point = error.address === undefined ? undefined : table.byAddress.get(error.address);
  if (!value || !point) throw new Error(`set command not encoded: ${error.message}`);
  const named = { point: pointLabel(point, locale), value: value.value };
  switch (error.code) {
    case 'encode.belowRange':
    case 'encode.aboveRange':
      if (rangeHidden(reader, table, point))
        return failOnField(ErrorCode.VALUE_OUT_OF_FACTORY_RANGE, fieldOf(index), locale, named);
      return failOnField(ErrorCode.VALUE_OUT_OF_RANGE, fieldOf(index), locale, {
        ...named,
        min: bound(error.min),
        max: bound(error.max),
      });
    case 'encode.unknownReference': {
      const { reference } = error;
      if (reference !== undefined && hiddenAddress(reader, table, reference))
        return failOnField(ErrorCode.FACTORY_RANGE_UNKNOWN, fieldOf(index), locale, { point: named.point });
      return failOnField(ErrorCode.RANGE_REFERENCE_UNKNOWN, fieldOf(index), locale, {
        point: named.point,
        reference: reference ?? '?',
      });
    }
    case 'encode.notEnumValue':
      return failOnField(ErrorCode.VALUE_NOT_ENUM, fieldOf(index), locale, {
        ...named,
        values: [...(point.enumLabels?.keys() ?? [])].join(', '),
      });
    case 'encode.unknownPoint':
      return failOnField(ErrorCode.POINT_UNKNOWN, fieldOf(index), locale, { address: value.address });
    case 'encode.readOnly':
      return failOnField(ErrorCode.POINT_NOT_WRITABLE, fieldOf(index), locale, { point: named.point });
    case 'encode.duplicateAddress':
      return failOnField(ErrorCode.POINT_DUPLICATE, fieldOf(index), locale, { point: named.point });
    default:
      // notRepresentable, rawOutOfRange, badValue, formula: the value cannot become a raw the point carries.
      return failOnField(ErrorCode.VALUE_NOT_REPRESENTABLE, fieldOf(index), locale, named);
  }
}

import { ERROR_MESSAGE_KEYS, ErrorCode } from '@dcc/contract';
import type { CompiledTable } from '@dcc/protocol';
import { hiddenAddress, rangeHidden, withoutHidden, type VendorReader } from '../points/index.ts';
import { valuesSummary, type LoggedOperation } from './operation-log.ts';

const addressOfLabel = (label: unknown): number | undefined => {
  const match = /\((\d+)\)$/.exec(String(label ?? ''));
  return match ? Number(match[1]) : undefined;
};

/**
 * A logged operation as the reader may see it (vendor-visibility.ts): values set on vendor parameters
 * left out of its summary, and a range refusal that quoted a vendor parameter's value (or named the
 * vendor point it needs) given as the refusal that quotes neither.
 */
export function readableOperation<T extends LoggedOperation>(
  reader: VendorReader,
  table: CompiledTable | null | undefined,
  row: T,
): T {
  if (reader.vendorParams || !table) return row;
  const values = row.request.values;
  const summary = Array.isArray(values)
    ? valuesSummary(withoutHidden(reader, table, values as Array<{ address: number; value: number }>))
    : row.summary;
  const point = table.byAddress.get(addressOfLabel(row.detail_params.point) ?? -1);
  let detail = row.detail;
  if (row.detail === ERROR_MESSAGE_KEYS[ErrorCode.VALUE_OUT_OF_RANGE] && point && rangeHidden(reader, table, point))
    detail = ERROR_MESSAGE_KEYS[ErrorCode.VALUE_OUT_OF_FACTORY_RANGE];
  if (
    row.detail === ERROR_MESSAGE_KEYS[ErrorCode.RANGE_REFERENCE_UNKNOWN] &&
    hiddenAddress(reader, table, Number(row.detail_params.reference))
  )
    detail = ERROR_MESSAGE_KEYS[ErrorCode.FACTORY_RANGE_UNKNOWN];
  return { ...row, summary, detail };
}

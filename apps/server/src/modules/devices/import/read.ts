import {
  addDevice,
  DEVICE_IMPORT_REQUIRED,
  describeIssues,
  translate,
  type DeviceImportField,
  type ImportProblem,
  type Locale,
} from '@dcc/contract';
import { fileRefused, type SheetGrid } from '../../point-excel/index.ts';
import { columnHeader, fieldOfHeader } from './columns.ts';

/** One device row of the sheet, its cells checked by the same rules as addDevice; `row` as Excel numbers it. */
export interface SheetDevice {
  row: number;
  deviceCode: string;
  deviceName: string;
  product: string;
  sn: string;
  model: string;
  dealerCode: string;
  address: string;
  province: string;
  city: string;
}

export interface DeviceSheet {
  devices: SheetDevice[];
  problems: ImportProblem[];
  /** The header of each column as the file writes it (problems name columns so). */
  headerOf(field: DeviceImportField): string;
}

const text = (cell: unknown): string => (cell === undefined || cell === null ? '' : String(cell).trim());
/** The addDevice fields a row's cells fill, by the import column they come from. */
const COLUMN_OF_FIELD = new Map<string, DeviceImportField>([
  ['deviceCode', 'deviceCode'],
  ['deviceName', 'deviceName'],
  ['sn', 'sn'],
  ['model', 'model'],
  ['address', 'address'],
  ['provinceCode', 'province'],
  ['cityCode', 'city'],
]);

/** Problems of rows that repeat another row's IoT code or (non-empty) SN. */
function duplicatesInFile(
  devices: readonly SheetDevice[],
  sheet: Pick<DeviceSheet, 'headerOf'>,
  locale: Locale,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const field of ['deviceCode', 'sn'] as const) {
    const first = new Map<string, number>();
    for (const device of devices) {
      const value = device[field];
      if (value === '') continue;
      const other = first.get(value);
      if (other === undefined) first.set(value, device.row);
      else
        problems.push({
          row: device.row,
          column: sheet.headerOf(field),
          message: translate(locale, 'deviceCommands.import.duplicateInFile', { column: sheet.headerOf(field), other }),
        });
    }
  }
  return problems;
}

/** Reads the device rows of the first sheet: the header row (either language) first, blank rows skipped; each cell checked, repeats within the file found. */
export function readDeviceSheet(locale: Locale, { grid, firstRow }: SheetGrid): DeviceSheet {
  const headerIndex = grid.findIndex((cells) => cells.some((cell) => text(cell) !== ''));
  const columns = new Map<DeviceImportField, { index: number; header: string }>();
  (headerIndex < 0 ? [] : grid[headerIndex]!).forEach((cell, index) => {
    const field = fieldOfHeader(cell);
    if (field && !columns.has(field)) columns.set(field, { index, header: text(cell) });
  });
  const missing = DEVICE_IMPORT_REQUIRED.filter((field) => !columns.has(field));
  if (missing.length)
    throw fileRefused(locale, 'catalog.import.missingColumns', {
      columns: missing.map((field) => columnHeader(locale, field)).join(', '),
    });
  const headerOf = (field: DeviceImportField) => columns.get(field)?.header ?? columnHeader(locale, field);

  const devices: SheetDevice[] = [];
  const problems: ImportProblem[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i]!;
    if (cells.every((cell) => text(cell) === '')) continue;
    const row = firstRow + i;
    const cell = (field: DeviceImportField) => text(cells[columns.get(field)?.index ?? -1]);
    const device: SheetDevice = {
      row,
      deviceCode: cell('deviceCode'),
      deviceName: cell('deviceName'),
      product: cell('product'),
      sn: cell('sn'),
      model: cell('model'),
      dealerCode: cell('dealerCode'),
      address: cell('address'),
      province: cell('province'),
      city: cell('city'),
    };
    // The registry's own rules (addDevice), the product named by a placeholder id: it is looked up by name or key later.
    const parsed = addDevice.request.safeParse({
      deviceCode: device.deviceCode,
      deviceName: device.deviceName,
      productId: '0',
      sn: device.sn,
      model: device.model,
      address: device.address,
      provinceCode: device.province,
      cityCode: device.city,
    });
    const rowProblems = (parsed.success ? [] : describeIssues(parsed.error.issues, locale)).flatMap(
      ({ field, message }) => {
        const column = COLUMN_OF_FIELD.get(field);
        return column ? [{ column, message }] : [];
      },
    );
    if (device.product === '')
      rowProblems.push({ column: 'product', message: translate(locale, 'validation.required') });
    for (const problem of rowProblems)
      problems.push({ row, column: headerOf(problem.column), message: problem.message });
    // Stored as the call would store it (a barcode trimmed and upper case), so repeats within the file and in the registry are found.
    if (parsed.success && rowProblems.length === 0) devices.push({ ...device, sn: parsed.data.sn });
  }
  return { devices, problems: [...problems, ...duplicatesInFile(devices, { headerOf }, locale)], headerOf };
}

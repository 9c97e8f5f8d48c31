import { DEVICE_IMPORT_FIELDS, translate, type DeviceImportField, type Locale } from '@dcc/contract';

/** The header of a column in the caller's language. */
export const columnHeader = (locale: Locale, field: DeviceImportField): string =>
  translate(locale, `deviceCommands.import.column.${field}`);

const HEADERS = new Map<string, DeviceImportField>(
  DEVICE_IMPORT_FIELDS.flatMap((field) =>
    [field, columnHeader('en-US', field), columnHeader('zh-CN', field)].map(
      (name) => [name.toLowerCase(), field] as const,
    ),
  ),
);

/** The field a header cell names, in either language or by the field's own name (any case); undefined for other columns. */
export const fieldOfHeader = (cell: unknown): DeviceImportField | undefined =>
  typeof cell === 'string' ? HEADERS.get(cell.trim().toLowerCase()) : undefined;

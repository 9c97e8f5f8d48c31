import { DEVICE_IMPORT_FIELDS, type Locale } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { columnHeader } from './columns.ts';

/** The device import sheet: the header row in the caller's language, nothing else (an example row would be imported). */
export function deviceImportTemplate(locale: Locale): { fileName: string; contentBase64: string } {
  const sheet = XLSX.utils.aoa_to_sheet([DEVICE_IMPORT_FIELDS.map((field) => columnHeader(locale, field))]);
  sheet['!cols'] = DEVICE_IMPORT_FIELDS.map((field) => ({ wch: field === 'address' ? 30 : 18 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Devices');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { fileName: 'device_import_template.xlsx', contentBase64: bytes.toString('base64') };
}

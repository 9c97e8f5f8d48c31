import type { Locale, ProtocolPoint } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { POINT_FIELD_NAMES } from '../points/index.ts';
import { cellOf, columnHeader } from './columns.ts';

export const SHEET_NAME = 'Points';

/** A version's whole point table as an .xlsx workbook: a header row in the caller's language, one row per point. */
export function pointWorkbook(locale: Locale, points: readonly ProtocolPoint[]): Buffer {
  const rows: (string | number)[][] = [POINT_FIELD_NAMES.map((field) => columnHeader(locale, field))];
  for (const point of points) rows.push(POINT_FIELD_NAMES.map((field) => cellOf(locale, point, field)));
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = POINT_FIELD_NAMES.map((field) => ({
    wch: field === 'enumItems' || field === 'faultDefinitions' || field.endsWith('escription') ? 30 : 14,
  }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, SHEET_NAME);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The export file's name: protocol code, version name, 'points'. */
export const exportFileName = (protocolCode: string, versionName: string): string =>
  `${protocolCode}_${versionName}_points.xlsx`.replace(/[^\w.-]/g, '_');

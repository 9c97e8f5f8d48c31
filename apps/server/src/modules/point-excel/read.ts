import {
  ErrorCode,
  describeIssues,
  OTHER_LANGUAGE_MARK,
  pointFields,
  translate,
  type ImportProblem,
  type Locale,
  type PointFields,
} from '@dcc/contract';
import { AppError } from '../../http/app-error.ts';
import type { PointFieldName, StoredDataType } from '../points/index.ts';
import { LIST_FORMATS, parseList } from './cells.ts';
import { columnHeader, fieldOfHeader, kindOf, REQUIRED_COLUMNS } from './columns.ts';
import type { SheetGrid } from './sheet-parse.ts';

/** One point read from the sheet, with the sheet row it came from (1-based, as Excel shows it). */
export interface SheetPoint {
  row: number;
  fields: PointFields;
}

export interface SheetRead {
  points: SheetPoint[];
  problems: ImportProblem[];
  /** The header text of each field's column as the file has it. */
  headers: ReadonlyMap<PointFieldName, string>;
}

export const fileRefused = (
  locale: Locale,
  reasonKey: string,
  params: Record<string, string | number> = {},
): AppError =>
  new AppError(ErrorCode.IMPORT_FILE_INVALID, 'catalog.error.importFile', {
    reason: translate(locale, reasonKey, params),
  });

const isBlank = (cell: unknown) =>
  cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');
const text = (cell: unknown): string => (isBlank(cell) ? '' : String(cell).trim());

const YES = new Set(['yes', 'y', 'true', '1', '是', '√']);
const NO = new Set(['no', 'n', 'false', '0', '否', '']);

/** A name as the export writes it for a reader of the other language (localName's OTHER_LANGUAGE_MARK) made bare again. */
function withoutOtherLanguageMark(name: string): string {
  const mark = Object.values(OTHER_LANGUAGE_MARK).find((m) => name.endsWith(m));
  return mark ? name.slice(0, -mark.length).trim() : name;
}
/** A cell as the schema's input: numbers and flags read from text, lists from their lines. Answers a problem key when unreadable. */
function cellValue(
  field: PointFieldName,
  cell: unknown,
  dataTypesByName: ReadonlyMap<string, string>,
): { value: unknown } | { problem: string; params: Record<string, string | number> } {
  const kind = kindOf(field);
  switch (kind) {
    case 'integer':
    case 'optionalNumber': {
      if (typeof cell === 'number') return { value: cell };
      const t = text(cell);
      if (t === '') return { value: kind === 'optionalNumber' ? null : undefined };
      return Number.isFinite(Number(t)) ? { value: Number(t) } : { problem: 'catalog.import.badNumber', params: {} };
    }
    case 'flag': {
      if (typeof cell === 'boolean') return { value: cell };
      const t = text(cell).toLowerCase();
      if (YES.has(t)) return { value: true };
      if (NO.has(t)) return { value: false };
      return { problem: 'catalog.import.badFlag', params: {} };
    }
    case 'dataType': {
      const t = text(cell);
      if (t === '') return { value: '' };
      const id = dataTypesByName.get(withoutOtherLanguageMark(t).toLowerCase());
      return id === undefined ? { problem: 'catalog.import.unknownDataType', params: { name: t } } : { value: id };
    }
    case 'text': {
      const t = text(cell);
      // A blank cell takes the field's default (a required field is then named as missing).
      return { value: t === '' ? undefined : t };
    }
    default: {
      const parsed = parseList(kind, isBlank(cell) ? '' : String(cell));
      return parsed.ok
        ? { value: parsed.items }
        : { problem: 'catalog.import.badList', params: { line: parsed.line, format: LIST_FORMATS[kind] } };
    }
  }
}

/** Reads every point row of the sheet: the header row (either language) first, blank rows skipped. */
export function readPointSheet(
  locale: Locale,
  { grid, firstRow }: SheetGrid,
  dataTypes: readonly StoredDataType[],
): SheetRead {
  const headerIndex = grid.findIndex((cells) => cells.some((c) => !isBlank(c)));
  const headerCells = headerIndex < 0 ? [] : grid[headerIndex]!;
  const columns = new Map<number, PointFieldName>();
  const headers = new Map<PointFieldName, string>();
  headerCells.forEach((cell, column) => {
    const field = fieldOfHeader(cell);
    if (field && !headers.has(field)) {
      columns.set(column, field);
      headers.set(field, text(cell));
    }
  });
  const missing = REQUIRED_COLUMNS.filter((field) => !headers.has(field));
  if (missing.length)
    throw fileRefused(locale, 'catalog.import.missingColumns', {
      columns: missing.map((f) => columnHeader(locale, f)).join(', '),
    });

  // A sheet names a data type in either language (the export writes the reader's); the Chinese names win a tie.
  const dataTypesByName = new Map([
    ...dataTypes.filter((t) => t.enName).map((t): [string, string] => [t.enName.toLowerCase(), t.id]),
    ...dataTypes.map((t): [string, string] => [t.name.toLowerCase(), t.id]),
  ]);
  const headerOf = (field: string) =>
    headers.get(field as PointFieldName) ?? (field ? columnHeader(locale, field as PointFieldName) : '');
  const points: SheetPoint[] = [];
  const problems: ImportProblem[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i]!;
    if (cells.every(isBlank)) continue;
    const row = firstRow + i;
    const input: Record<string, unknown> = {};
    let readable = true;
    for (const [column, field] of columns) {
      const read = cellValue(field, cells[column], dataTypesByName);
      if ('problem' in read) {
        problems.push({ row, column: headerOf(field), message: translate(locale, read.problem, read.params) });
        readable = false;
      } else if (read.value !== undefined) input[field] = read.value;
    }
    if (!readable) continue;
    const parsed = pointFields.safeParse(input);
    if (parsed.success) points.push({ row, fields: parsed.data });
    else
      for (const issue of describeIssues(parsed.error.issues, locale))
        problems.push({ row, column: headerOf(issue.field.split('.')[0] ?? ''), message: issue.message });
  }
  return { points, problems, headers };
}

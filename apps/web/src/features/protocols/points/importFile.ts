import { EXCEL_EXTENSIONS, EXCEL_IMPORT_MAX_BYTES, importRefusal, type ImportRefusal } from '@dcc/contract';

/** Why a chosen file cannot be sent (a catalog key), or null when it can: .xls/.xlsx of at most 10 MB. */
export function importFileProblem(file: { name: string; size: number }): 'points.importWrongType' | 'points.importTooLarge' | 'points.importEmptyFile' | null {
  const name = file.name.toLowerCase();
  if (!EXCEL_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'points.importWrongType';
  if (file.size > EXCEL_IMPORT_MAX_BYTES) return 'points.importTooLarge';
  if (file.size === 0) return 'points.importEmptyFile';
  return null;
}

/** The problems an import refusal carries in its envelope, or null when the details are not that shape. */
export function importProblems(details: unknown): ImportRefusal | null {
  const parsed = importRefusal.safeParse(details);
  return parsed.success ? parsed.data : null;
}

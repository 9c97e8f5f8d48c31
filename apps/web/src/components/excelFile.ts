import { EXCEL_EXTENSIONS, EXCEL_IMPORT_MAX_BYTES } from '@dcc/contract';

/** Why a chosen file cannot be imported, or null when it can: an .xls/.xlsx file of at most 10 MB that is not empty (spec section 5). */
export function excelFileProblem(file: { name: string; size: number }): 'wrongType' | 'tooLarge' | 'emptyFile' | null {
  const name = file.name.toLowerCase();
  if (!EXCEL_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'wrongType';
  if (file.size > EXCEL_IMPORT_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'emptyFile';
  return null;
}

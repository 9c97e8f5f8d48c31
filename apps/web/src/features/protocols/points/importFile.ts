import { importRefusal, type ImportRefusal } from '@dcc/contract';
import { excelFileProblem } from '../../../components/excelFile.ts';

const POINT_FILE_PROBLEMS = {
  wrongType: 'points.importWrongType',
  tooLarge: 'points.importTooLarge',
  emptyFile: 'points.importEmptyFile',
} as const;

/** Why a chosen file cannot be sent (a catalog key), or null when it can: .xls/.xlsx of at most 10 MB. */
export function importFileProblem(file: {
  name: string;
  size: number;
}): (typeof POINT_FILE_PROBLEMS)[keyof typeof POINT_FILE_PROBLEMS] | null {
  const problem = excelFileProblem(file);
  return problem && POINT_FILE_PROBLEMS[problem];
}

/** The problems an import refusal carries in its envelope, or null when the details are not that shape. */
export function importProblems(details: unknown): ImportRefusal | null {
  const parsed = importRefusal.safeParse(details);
  return parsed.success ? parsed.data : null;
}

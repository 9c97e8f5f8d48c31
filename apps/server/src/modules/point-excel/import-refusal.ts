import {
  ErrorCode,
  translate,
  type ErrorCodeValue,
  type ImportProblem,
  type ImportRefusal,
  type Locale,
} from '@dcc/contract';
import { AppError } from '../../http/app-error.ts';

/** At most this many problems are listed in a refusal (problemCount tells how many there were). */
const MAX_LISTED_PROBLEMS = 200;

/** Refuses an imported file for its row problems (sorted by row, the first in the message, at most 200 listed); devices use their own code. */
export function importRefusal(
  locale: Locale,
  problems: ImportProblem[],
  code: ErrorCodeValue = ErrorCode.POINT_IMPORT_INVALID,
  messageKey = 'catalog.error.importInvalid',
): AppError {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const first = sorted[0]!;
  const details: ImportRefusal = { problems: sorted.slice(0, MAX_LISTED_PROBLEMS), problemCount: sorted.length };
  return new AppError(
    code,
    messageKey,
    { count: sorted.length, first: translate(locale, 'catalog.import.problem', first) },
    details,
  );
}

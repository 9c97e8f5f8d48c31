import type { z } from 'zod';
import {
  describeIssues,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGE_KEYS,
  ErrorCode,
  summarizeIssues,
  translate,
  type Envelope,
  type ErrorCodeValue,
  type FieldErrorsDetails,
  type Locale,
} from '@dcc/contract';

/**
 * An expected refusal: carries the error code and the catalog key and parameters of its
 * message, translated only when answered (the caller's language is known then).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly messageKey: string = ERROR_MESSAGE_KEYS[code],
    readonly params: Record<string, string | number> = {},
    /** What the error envelope carries as objectResult (e.g. the problems of a refused import); null when absent. */
    readonly details: unknown = null,
  ) {
    super(`${messageKey} (${code})`);
    this.name = 'AppError';
  }
}

/** Shorthand for `throw new AppError(code)`. */
export function fail(code: ErrorCodeValue, params: Record<string, string | number> = {}): never {
  throw new AppError(code, ERROR_MESSAGE_KEYS[code], params);
}

/** BAD_REQUEST for a request its schema refused: the message sums the problems up, the details place each on its field. */
export function badRequest(issues: readonly z.core.$ZodIssue[], locale: Locale): AppError {
  const fieldErrors = describeIssues(issues, locale).filter((problem) => problem.field !== '');
  const details: FieldErrorsDetails | null = fieldErrors.length > 0 ? { fieldErrors } : null;
  return new AppError(ErrorCode.BAD_REQUEST, 'error.badRequest', { detail: summarizeIssues(issues, locale) }, details);
}

/** Refuses with `code` about one request field: the console shows the message on that field. */
export function failOnField(
  code: ErrorCodeValue,
  field: string,
  locale: Locale,
  params: Record<string, string | number> = {},
): never {
  const details: FieldErrorsDetails = {
    fieldErrors: [{ field, message: translate(locale, ERROR_MESSAGE_KEYS[code], params) }],
  };
  throw new AppError(code, ERROR_MESSAGE_KEYS[code], params, details);
}

export const httpStatusOf = (code: ErrorCodeValue): number => ERROR_HTTP_STATUS[code] ?? 200;

/** The success envelope. */
export function okEnvelope<T>(result: T, locale: Locale): Envelope<T> {
  return {
    error_code: ErrorCode.OK,
    error_msg: translate(locale, ERROR_MESSAGE_KEYS[ErrorCode.OK]),
    objectResult: result,
  };
}

/** The error envelope of an AppError in the caller's language; objectResult carries its details, if any. */
export function errorEnvelope(error: AppError, locale: Locale): Envelope<unknown> {
  return {
    error_code: error.code,
    error_msg: translate(locale, error.messageKey, error.params),
    objectResult: error.details,
  };
}

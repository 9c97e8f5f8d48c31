import { ERROR_HTTP_STATUS, ERROR_MESSAGE_KEYS, ErrorCode, translate, type Envelope, type ErrorCodeValue, type Locale } from '@dcc/contract';

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

export const httpStatusOf = (code: ErrorCodeValue): number => ERROR_HTTP_STATUS[code] ?? 200;

/** The success envelope. */
export function okEnvelope<T>(result: T, locale: Locale): Envelope<T> {
  return { error_code: ErrorCode.OK, error_msg: translate(locale, ERROR_MESSAGE_KEYS[ErrorCode.OK]), objectResult: result };
}

/** The error envelope of an AppError in the caller's language; objectResult carries its details, if any. */
export function errorEnvelope(error: AppError, locale: Locale): Envelope<unknown> {
  return { error_code: error.code, error_msg: translate(locale, error.messageKey, error.params), objectResult: error.details };
}

import { ErrorCode, ERROR_MESSAGE_KEYS, translate, type Locale } from '@dcc/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorEnvelope, httpStatusOf } from './app-error.ts';
import { localeOf } from './locale.ts';
import { takenRefusal } from './unique-violations.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';

/** Fastify's own errors that are the caller's fault, as our error codes. */
const FASTIFY_CODES: Record<string, AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError(ErrorCode.BODY_TOO_LARGE),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError(ErrorCode.NOT_JSON),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError(ErrorCode.NOT_JSON),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError(ErrorCode.NOT_JSON),
};

const unknownPath = (url: string) =>
  new AppError(ErrorCode.UNKNOWN_CALL, 'error.unknownCall', { path: (url.split('?')[0] ?? '').slice(0, 200) });

/** A write a concurrent writer beat to a unique value, refused as the call's own check refuses it. */
function takenError(error: unknown, locale: Locale): AppError | undefined {
  const taken = takenRefusal(error);
  if (!taken) return undefined;
  const key = ERROR_MESSAGE_KEYS[taken.code];
  return new AppError(
    taken.code,
    key,
    {},
    taken.field ? { fieldErrors: [{ field: taken.field, message: translate(locale, key) }] } : null,
  );
}

/** Every error becomes an envelope in the caller's language; unexpected ones are logged, never shown. */
export function useErrorEnvelopes(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let known = error instanceof AppError ? error : (FASTIFY_CODES[error.code] ?? takenError(error, localeOf(request)));
    if (!known && error.statusCode === 429) known = new AppError(ErrorCode.RATE_LIMITED);
    // Static files: a refused path (traversal, dotfile) is as good as a missing one.
    if (!known && (error.statusCode === 403 || error.statusCode === 404)) known = unknownPath(request.url);
    if (!known && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      known = new AppError(ErrorCode.BAD_REQUEST, 'error.badRequest', {
        detail: error.code ?? String(error.statusCode),
      });
    }
    if (!known && isDatabaseUnavailable(error)) {
      request.log.warn(
        { err: error, path: request.routeOptions.url },
        'the database is unreachable; the call was answered DATABASE_UNAVAILABLE',
      );
      known = new AppError(ErrorCode.DATABASE_UNAVAILABLE);
    }
    if (!known) {
      request.log.error({ err: error, path: request.routeOptions.url }, 'unexpected error');
      known = new AppError(ErrorCode.INTERNAL);
    }
    return reply
      .status(httpStatusOf(known.code))
      .type('application/json; charset=utf-8')
      .send(errorEnvelope(known, localeOf(request)));
  });
  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send(errorEnvelope(unknownPath(request.url), localeOf(request)));
  });
}

import { CONTEXT_FIELDS } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { ErrorCode } from '@dcc/contract';
import type { CallInput } from './call-route.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Replaces Fastify's JSON parser: a plain JSON.parse keeps `__proto__` as an ordinary key,
 * which the strict request schemas then refuse as an unknown field, and a parse failure
 * becomes NOT_JSON. An empty body is an empty object.
 */
export function useJsonParser(app: FastifyInstance): void {
  // Only JSON (and multipart, registered by the upload plugin) is accepted: text/plain is NOT_JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError(ErrorCode.NOT_JSON), undefined);
      }
    },
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Splits a JSON body into the context fields the console adds (sessionid, dealersId, pattern)
 * and the payload. `dealersId` stays in the payload when the call's own schema declares it.
 */
export function splitBody(body: unknown, keepDealersId: boolean): CallInput {
  if (body === undefined || body === null) return { payload: {}, context: {}, file: null };
  if (!isPlainObject(body)) return { payload: body, context: {}, file: null };
  const context: Record<string, unknown> = {};
  const entries = Object.entries(body).filter(([key, value]) => {
    if (!(CONTEXT_FIELDS as readonly string[]).includes(key)) return true;
    context[key] = value;
    return key === 'dealersId' && keepDealersId;
  });
  return { payload: Object.fromEntries(entries), context, file: null };
}

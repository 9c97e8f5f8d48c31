import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a proxy or a caller names a call with, and the one the answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The log field of the request id (Fastify's requestIdLogLabel). */
export const REQUEST_ID_LOG_FIELD = 'requestId';

/** What an incoming id may be: a UUID, a proxy's hex or base64url id; anything else (too long, spaces, quotes) is replaced. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's genReqId: the caller's X-Request-Id when it is sane (so a proxy's id follows the call into
 * our logs), otherwise a new UUID. It is request.id, and the API call log's request id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

const currentCall = new AsyncLocalStorage<string>();

/**
 * Every answer says its request id, and everything the call runs (its hooks, handler, the services it
 * calls and what they start) runs with the id at hand, so a line logged through app.log carries it too.
 */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    currentCall.run(request.id, done);
  });
}

/**
 * pino's mixin: the current call's id on a line logged outside request.log (which binds it already).
 * Bindings are read only while a call runs, and calls log rarely.
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger?: { bindings(): Record<string, unknown> },
): Record<string, string> {
  const id = currentCall.getStore();
  if (id === undefined || logger?.bindings()[REQUEST_ID_LOG_FIELD] !== undefined) return {};
  return { [REQUEST_ID_LOG_FIELD]: id };
}

import type { FastifyServerOptions } from 'fastify';
import { requestIdMixin } from '../operations/request-id.ts';
import { errorForLog } from './log-errors.ts';

/**
 * The one list of fields whose values never reach the server's log: passwords, verification codes,
 * session ids, tokens, keys and secrets (docs/SECURITY.md "Logs"). Redacted at the top of a log object
 * and one level down. A bare `code` is not in it: error objects carry their (harmless) code under that name.
 */
export const SECRET_LOG_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'smsCode',
  'verifyCode',
  'sessionid',
  'sessionId',
  'xtoken',
  'token',
  'accessKey',
  'ticket',
  'secret',
  'deviceSecret',
  'authorization',
  'cookie',
] as const;

/** Request headers that carry credentials, redacted if a request is ever logged whole. */
const SECRET_HEADERS = ['authorization', 'cookie', 'sessionid', 'x-token', 'xtoken'];

export const REDACTED_LOG_PATHS: readonly string[] = [
  ...SECRET_HEADERS.map((header) => `req.headers["${header}"]`),
  'req.body',
  'body',
  ...SECRET_LOG_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/**
 * Logger options: JSON lines (pino) with the call's requestId, request bodies never logged, and the
 * fields of SECRET_LOG_FIELDS redacted in case an object holding one is ever logged. Errors are logged
 * through a fixed list of fields (log-errors.ts), so a failed query's parameters never reach the log.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: errorForLog, error: errorForLog },
    mixin: requestIdMixin,
    redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' },
  };
}

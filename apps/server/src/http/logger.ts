import type { FastifyServerOptions } from 'fastify';
import { errorForLog } from './log-errors.ts';

/**
 * Logger options: request bodies are never logged, and the usual secret-bearing fields are
 * redacted in case an object holding one is ever logged. Errors are logged through a fixed list of
 * fields (log-errors.ts), so a failed query's parameters never reach the log.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: errorForLog, error: errorForLog },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.sessionid',
        'req.body',
        'body',
        '*.password',
        '*.oldPassword',
        '*.confirmPassword',
        '*.sessionid',
        '*.xtoken',
        '*.token',
        '*.accessKey',
      ],
      censor: '[redacted]',
    },
  };
}

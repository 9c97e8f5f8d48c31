import type { FastifyServerOptions } from 'fastify';

/**
 * Logger options: request bodies are never logged, and the usual secret-bearing fields are
 * redacted in case an object holding one is ever logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', 'req.headers.sessionid', 'req.body', 'body',
        '*.password', '*.oldPassword', '*.confirmPassword', '*.sessionid', '*.xtoken', '*.token', '*.accessKey',
      ],
      censor: '[redacted]',
    },
  };
}

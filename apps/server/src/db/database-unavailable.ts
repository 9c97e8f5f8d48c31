/** SQLSTATE classes and codes that mean the database went away, not that the statement was wrong. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres reports a lost or never-made connection with plain errors of these texts. */
const UNAVAILABLE_TEXTS = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not currently accepting connections/,
  /^Client has encountered a connection error/,
];

/**
 * Whether an error of a query means that PostgreSQL cannot be reached right now (a restart, a failover,
 * an administrator's terminate, refused connections): the caller gets DATABASE_UNAVAILABLE, not INTERNAL.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))
  )
    return true;
  if (UNAVAILABLE_TEXTS.some((text) => text.test(error.message))) return true;
  // AggregateError (connecting to every address of localhost failed) carries the socket errors inside.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

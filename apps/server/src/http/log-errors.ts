/**
 * How an error is written to the log: a fixed list of fields, never the rest. Database drivers
 * hang the failed query and its parameters on their errors (PGlite: `query`, `params`; both:
 * `detail` with key values, `where` with a parameter), and parameters carry password hashes,
 * phones and any text a caller sent. Issue 8, item 10.
 */
const KEPT_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;

/** SQLSTATE class 22 (data exception) messages quote the offending value: `invalid input syntax for type integer: "..."`. */
const QUOTED = /"[^"]*"/g;
const quotesValues = (code: unknown): boolean => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** The loggable part of an error (pino serializer for `err` and `error`). */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: String(error), stack: '' };
  const source = error as Error & Record<string, unknown>;
  const hide = quotesValues(source.code)
    ? (text: string) => text.replace(QUOTED, '"[redacted]"')
    : (text: string) => text;
  const message = hide(String(source.message ?? ''));
  // The stack's first line repeats the message; the frames carry no data.
  const frames =
    typeof source.stack === 'string' ? source.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const logged: LoggedError = {
    type: source.constructor?.name ?? 'Error',
    message,
    stack: [`${source.name ?? 'Error'}: ${message}`, ...frames].join('\n'),
  };
  for (const field of KEPT_FIELDS)
    if (source[field] !== undefined && source[field] !== null && source[field] !== '') logged[field] = source[field];
  if (source.cause !== undefined && depth < 3) logged.cause = errorForLog(source.cause, depth + 1);
  return logged;
}

/** Calls of log management (issue 22): API call log, device communication log and query, device operation log. */
export * from './logs/api-log.ts';
export * from './logs/device-logs.ts';
export * from './logs/log-columns.ts';
export * from './logs/log-export.ts';
export * from './logs/retention.ts';
export * from './logs/dtu-logs.ts';

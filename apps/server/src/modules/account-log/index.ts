// The public surface of the account-log module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { accountLogRoutes } from './routes.ts';
export { accountLogRange } from './date-range.ts';
export { accountLogBatches, countAccountLog, newestAccountLogId } from './repo.ts';

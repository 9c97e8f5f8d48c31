// The public surface of the logs module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { ApiCallWriter, type ApiCallWriterStats } from './api-call-writer.ts';
export { logRoutes } from './routes.ts';
export { runLogRetention, startLogRetentionJob } from './retention.ts';

// The public surface of the point-history module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { diffPoint } from './diff.ts';
export { recordHistory, type HistoryEntry, type Operator } from './record.ts';
export { pointHistoryRoutes } from './routes.ts';

// The public surface of the frames module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { decodeHex } from './decode-answer.ts';
export { frameRoutes } from './routes.ts';

// The public surface of the dealer-holdings module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { dealerHoldingsRoutes } from './routes.ts';

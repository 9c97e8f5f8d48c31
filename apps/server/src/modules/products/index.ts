// The public surface of the products module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { findProduct } from './repo.ts';
export { productRoutes } from './routes.ts';

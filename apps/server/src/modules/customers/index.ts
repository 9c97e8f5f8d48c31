// The public surface of the customers module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { customerOptions, findCustomer } from './repo.ts';
export { customerRoutes } from './routes.ts';

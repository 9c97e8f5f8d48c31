// The public surface of the nation module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { isCityLevelOf, isCityOf, isProvince, isProvinceOrCity, provinceName } from './divisions.ts';
export { nationRoutes } from './routes.ts';

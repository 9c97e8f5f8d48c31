// The public surface of the device-list module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { withFollowed } from './favourites.ts';

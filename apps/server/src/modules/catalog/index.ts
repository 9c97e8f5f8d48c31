// The public surface of the catalog module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { catalogMaker, isoTime, makerScope, type CatalogMaker } from './catalog-access.ts';
export { deleteUnlessUsed } from './delete-unless-used.ts';
export { foundOrFail } from './found.ts';
export { claimNames, claimUniqueText } from './unique-text.ts';

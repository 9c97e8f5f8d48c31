/** Calls of the catalog area (issue 4): series, data types, products, thing models, protocols, points, Excel, frames. */
export { CATALOG_PAGE_SIZE, type CatalogOption } from './catalog/common.ts';
export * from './catalog/series.ts';
export * from './catalog/data-types.ts';
export * from './catalog/products.ts';
export * from './catalog/thing-model.ts';
export * from './catalog/protocols.ts';
export * from './catalog/points.ts';
export * from './catalog/point-history.ts';
export * from './catalog/point-excel.ts';
export * from './catalog/frames.ts';

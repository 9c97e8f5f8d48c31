// The public surface of the points module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export {
  fieldsOf,
  loadDataTypes,
  POINT_FIELD_NAMES,
  pointColumns,
  versionPoints,
  type PointFieldName,
  type StoredDataType,
} from './point-row.ts';
export { lockVersion } from './repo.ts';
export { pointRoutes } from './routes.ts';
export { compilePoints, contractField, tableErrorText } from './table-check.ts';
export {
  hiddenAddress,
  hiddenPoint,
  hiddenProductPoint,
  hidesAnyPoint,
  rangeHidden,
  readableBound,
  readsVendorParams,
  vendorReaderOf,
  visiblePoints,
  withoutHidden,
  type VendorReader,
} from './vendor-visibility.ts';
export { compiledVersionTable } from './version-table.ts';

// The public surface of the point-excel module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { fileRefused } from './read.ts';
export { importRefusal } from './import-refusal.ts';
export { excelUpload, pointExcelRoutes } from './routes.ts';
export { parseWorkbook, type SheetGrid } from './sheet-parse.ts';

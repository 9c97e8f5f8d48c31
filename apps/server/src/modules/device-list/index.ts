// The public surface of the device-list module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { withFollowed } from './favourites.ts';
export { ExportJobs, type ExportWork } from './export-jobs.ts';
export { writeSheet, type SheetSpec } from './export-workbook.ts';
export { EXPORT_BATCH_ROWS, type Cell } from './export-rows.ts';

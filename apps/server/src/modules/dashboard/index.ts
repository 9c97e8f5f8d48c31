// The public surface of the dashboard module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { dashboardRoutes } from './routes.ts';
export { rollUpDailyStats, startDailyStatJob } from './daily-job.ts';

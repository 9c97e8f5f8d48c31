// The public surface of the projects module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { projectRoutes } from './routes.ts';
export { moveOwnedProjects, ownedProjectCount } from './owned-projects.ts';
export { listProjectPage } from './repo.ts';
export { recountProjectDays, rollUpProjectStats, startProjectStatJob } from './stats-job.ts';

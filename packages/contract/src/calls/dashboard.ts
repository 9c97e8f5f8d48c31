/** Calls of the home dashboard (issue 21); the project figures are in projects/stats.ts, the areas in organization/nation.ts. */
export * from './dashboard/overview.ts';
export * from './dashboard/device-trend.ts';
export * from './dashboard/device-stats.ts';

/** Calls of projects (issue 21). */
export * from './projects/fields.ts';
export * from './projects/projects.ts';
export * from './projects/audit.ts';
export * from './projects/stats.ts';

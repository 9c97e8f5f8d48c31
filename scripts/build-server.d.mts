/** apps/server/dist: where the compiled server is built. */
export const SERVER_DIST: string;
/** Node's flags for the server process wherever it runs (npm start, tests, benchmarks). */
export const SERVER_NODE_FLAGS: readonly string[];
/** Builds entry points (paths from the repository root) into outdir; extraSources also decide freshness. */
export function compile(entries: string[], outdir: string, extraSources?: string[]): Promise<void>;
/** True when outdir holds a build newer than its sources. */
export function isFresh(outdir: string, extraSources?: string[]): boolean;
/** Builds apps/server/dist when missing or stale. */
export function ensureServerBuilt(): Promise<void>;

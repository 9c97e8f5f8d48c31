import { afterAll, vi } from 'vitest';

/**
 * The setup file of the unit project and the shared component project (vitest.config.ts). They run their files in
 * one module graph per worker (isolate: false), so what a file changes on the worker's globals must not reach the next file: after each file
 * the clock is real again, stubbed globals (sessionStorage, fetch, window...) and environment variables are the
 * worker's own, and spies are restored. A file's tests still see whatever the file set up for them.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

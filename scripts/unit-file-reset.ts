import { afterAll, vi } from 'vitest';

/**
 * The unit project's setup file (vitest.config.ts). The project runs its files in one module graph per worker
 * (isolate: false), so what a file changes on the worker's globals must not reach the next file: after each file
 * the clock is real again, stubbed globals (sessionStorage, fetch, window...) and environment variables are the
 * worker's own, and spies are restored. A file's tests still see whatever the file set up for them.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

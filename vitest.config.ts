import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The unit and component projects' workers: vitest's default leaves a core free (one worker on a 2-core machine, where
 * the unit phase then kept a single core busy: 59 s, and 38 s with two workers for the same CPU; docs/PERFORMANCE.md).
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * API test files that open no database (no server, no PGlite, no PostgreSQL): brokers, external links, the simulator.
 * scripts/test-api.mjs runs them on the PGlite pass only (DCC_API_PASS=postgres leaves them out), since the
 * PostgreSQL pass would run them exactly the same. A file that starts to open a database leaves this list.
 */
/**
 * The component files that need the console's modules fresh: those that replace a module (`vi.mock`, which a module
 * already imported by an earlier file of the worker would not see) and those that say so with the tag `@fresh-modules`
 * in a comment (they assert the state a first import leaves, such as which catalogs are loaded). They run isolated
 * (project web-fresh); the others share their worker's imports (project web).
 */
const WEB_COMPONENT_FILES = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.dom.test.tsx'))
  .map((file) => `apps/web/src/${file}`);
const WEB_FRESH_MODULES = WEB_COMPONENT_FILES.filter((file) =>
  /\bvi\.(do)?[mM]ock\(|@fresh-modules\b/.test(readFileSync(file, 'utf8')),
);

/**
 * expect.poll waits for a condition; vitest's default gives it 1 s, a clock bound that a loaded 2-core machine
 * misses (a browser re-render took longer than that in CI). Conditions get the time a locator gets.
 */
const POLL = { poll: { timeout: 30_000 } };

/**
 * A component test renders, types and clicks through a simulated DOM: 3.5 s for the longest alone, 5.15 s once beside a
 * CI run, over vitest's default bound of 5 s. Its bound covers the machine's load, as the API and browser projects' do.
 */
const COMPONENT_TEST_TIMEOUT_MS = 20_000;

const DATABASE_FREE = [
  'apps/server/src/ingest/**/external-link.int.test.ts',
  'apps/server/src/ingest/**/shared-subscription.int.test.ts',
  'apps/simulator/**/*.int.test.ts',
];

/**
 * API test files whose subject is the server's own behaviour, not the database engine: the modules' calls (their rules,
 * refusals and queries), the permission and isolation matrices and the control-character sweep. When both passes run
 * (DATABASE_URL set), they run once, on the PostgreSQL pass, the production engine: scripts/test-api.mjs sets
 * DCC_API_PASS=pglite-beside-postgres on the PGlite pass, which leaves them out; without DATABASE_URL they run on PGlite.
 * What differs between the engines lives in one seam, which the files left on the PGlite pass hold on both: how values
 * are read (db/engine-values.int.test.ts, every column type of the schema), PGlite's one connection (a root-handle query
 * inside a transaction, which would wait forever there, is refused on both engines: db/transaction-guard.int.test.ts),
 * the migrations, backup and restore, readiness, the device events' fan-out and the ingest path's writes and backpressure.
 */
const ONE_ENGINE = ['apps/server/src/modules/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'];
const API_EXCLUDED: Record<string, string[]> = { postgres: DATABASE_FREE, 'pglite-beside-postgres': ONE_ENGINE };

export default defineConfig({
  // Kept outside node_modules, so that `npm ci` leaves it: vitest then starts the files that took longest last time
  // first (without it, the largest files first, and a slow small file ends a run alone). The API PostgreSQL pass has
  // its own, and so has the browser suite (DCC_VITEST_CACHE=browser): .ci/run runs the three side by side, and each
  // writes its cache when it ends.
  cacheDir: `.vite/${process.env.DCC_VITEST_CACHE ?? (process.env.DCC_API_PASS === 'postgres' ? 'api-postgres' : 'default')}`,
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'apps/web/build/**/*.test.ts',
            'e2e/support/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.dom.test.tsx', '**/node_modules/**'],
          // Not isolated: a worker imports the modules once for all its files (imports were most of the project's
          // time); scripts/unit-file-reset.ts puts back the clock, stubbed globals, env and spies after each file.
          isolate: false,
          maxWorkers: UNIT_WORKERS,
          setupFiles: ['scripts/unit-file-reset.ts'],
        },
      },
      // Console components rendered in a simulated DOM (permission gating, forms). Not isolated: a worker imports the
      // console (antd, React, the catalogs) once for all its files, which was most of the project's time (74 s against
      // 24 s for the component files, docs/PERFORMANCE.md); apps/web/src/testing/componentFileReset.ts puts back the
      // console's module state (language, storage, the session snapshot, the query cache) before each file.
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.dom.test.tsx'],
          exclude: ['**/node_modules/**', ...WEB_FRESH_MODULES],
          isolate: false,
          setupFiles: [
            'apps/web/src/testing/failOnConsole.ts',
            'scripts/unit-file-reset.ts',
            'apps/web/src/testing/componentFileReset.ts',
          ],
          maxWorkers: UNIT_WORKERS,
          testTimeout: COMPONENT_TEST_TIMEOUT_MS,
          expect: POLL,
        },
      },
      // The component files that need fresh modules (WEB_FRESH_MODULES), each with its own.
      {
        test: {
          name: 'web-fresh',
          environment: 'happy-dom',
          include: WEB_FRESH_MODULES,
          setupFiles: ['apps/web/src/testing/failOnConsole.ts'],
          maxWorkers: UNIT_WORKERS,
          testTimeout: COMPONENT_TEST_TIMEOUT_MS,
          expect: POLL,
        },
      },
      // Two files at a time: each starts its own server and database, and the device tests mostly wait on sockets and timers.
      // Not isolated: a worker imports the server once for all its files instead of ~4 s per file; every file still has its
      // own server and database copy (global setup: one template per run), and no api test mocks modules, timers or env.
      {
        test: {
          name: 'api',
          globalSetup: ['apps/server/test/global-setup.ts'],
          include: ['apps/server/**/*.int.test.ts', 'apps/simulator/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', ...(API_EXCLUDED[process.env.DCC_API_PASS ?? ''] ?? [])],
          // A test's bound covers its condition waits (the device tests wait up to 60 s for what they check): with 30 s
          // a loaded pass stopped tests whose waits were still within their own bounds.
          testTimeout: 90000,
          hookTimeout: 60000,
          maxWorkers: 2,
          isolate: false,
          expect: POLL,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['e2e/support/global-setup.ts'],
          include: ['e2e/**/*.e2e.test.ts'],
          setupFiles: ['e2e/support/consoleRuleSetup.ts'],
          testTimeout: 120000,
          hookTimeout: 120000,
          // Two files at a time: each file has its own server process and database, and browser contexts of its own
          // (support/environment.ts); a file mostly waits on the browser and the server, so two of them keep the two
          // cores busy.
          maxWorkers: 2,
          // Not isolated: a worker imports the contract, playwright-core and the support modules once for all its files
          // (~5 s per file under load), keeps one Chromium for them and starts the next file's server while a file runs
          // (support/workerServers.ts); the console rule's setup file still runs for every file and resets its state.
          isolate: false,
          expect: POLL,
        },
      },
    ],
  },
});

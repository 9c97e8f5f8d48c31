import { startServer, type RunningServer, type ServerOptions } from './server.ts';

/**
 * The servers of one vitest worker's files (the e2e project does not isolate its files, so this module lives as
 * long as the worker). A file used to wait for its server's start and stop (35-95 s and 5-40 s each at load
 * 15-35, see docs/PERFORMANCE.md); now the worker keeps one server with the default options started ahead (its spare), which the next
 * file with the default options takes already answering, and a file's server stops while the next file runs.
 * A spare is a server like any other, with its own process, ports and database (a fresh scratch copy of the
 * run's template, or PGlite in memory) that nobody has called: no file ever gets a server another file used.
 * What is still running when the worker ends is stopped by the run's teardown (serverRecords.ts).
 */
let spare: Promise<RunningServer> | undefined;

const isDefault = (options: ServerOptions): boolean => Object.values(options).every((value) => value === undefined);

/**
 * A spare starts beside a file's tests, which slows it down on a loaded machine, and nobody waits for it until a file
 * takes it (that file's beforeAll bounds the wait): it gets longer than a file's own start (90 s) before it counts as failed.
 */
const SPARE_START_TIMEOUT_MS = 600_000;

function startSpare(): void {
  const starting = startServer({}, SPARE_START_TIMEOUT_MS);
  // A spare that failed to start is not reported here: the file that takes it starts a server of its own.
  starting.catch(() => undefined);
  spare = starting;
}

async function takeSpare(): Promise<RunningServer> {
  const taken = spare!;
  spare = undefined;
  try {
    return await taken;
  } catch {
    return startServer();
  }
}

/** A server for one test file that nobody else has used; then starts the worker's next spare (also when this start failed). */
export async function serverForFile(options: ServerOptions): Promise<RunningServer> {
  try {
    return isDefault(options) && spare ? await takeSpare() : await startServer(options);
  } finally {
    if (!spare) startSpare();
  }
}

/** Stops a file's server without keeping the next file waiting (the run's teardown finishes what a worker's end cuts short). */
export function releaseServer(server: RunningServer): void {
  server.stop().catch((error: unknown) => console.error(`[e2e] a test server did not stop cleanly: ${String(error)}`));
}

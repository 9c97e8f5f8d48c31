/** What a periodic job is told: where to log a failed run and whom to tell each run's outcome (the metrics). */
export interface PeriodicJobOptions {
  everyMs: number;
  log: { warn(obj: object, msg: string): void };
  onRun?: (job: string, outcome: 'ok' | 'failed') => void;
}

/**
 * Runs `work` now and then every `everyMs`; a failed run is logged, counted and retried at the next. Answers
 * the stop, which waits for a run in flight (call it before the database closes).
 */
export function startPeriodicJob(
  name: string,
  work: () => Promise<unknown>,
  { everyMs, log, onRun }: PeriodicJobOptions,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = work().then(
      () => onRun?.(name, 'ok'),
      (error: unknown) => {
        onRun?.(name, 'failed');
        log.warn({ err: error, job: name }, `${name} job failed; it runs again later`);
      },
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

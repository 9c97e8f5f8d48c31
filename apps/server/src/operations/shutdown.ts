export interface ShutdownOptions {
  /** Stops the server: drains calls, flushes the ingest, closes device connections and the database. */
  close: () => Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Past this, the process ends with 1 without waiting further (a call or a device that never lets go). */
  timeoutMs: number;
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

/**
 * SIGTERM (an orchestrator's stop, `docker stop`) and SIGINT: one clean shutdown, ended with 0 once
 * everything closed, or with 1 when it failed, did not finish within `timeoutMs`, or a second signal came.
 */
export function stopOnSignals(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      options.log.error({ signal }, 'second signal while shutting down: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    options.log.info({ signal, timeoutMs: options.timeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      options.log.error({ timeoutMs: options.timeoutMs }, 'shutdown did not finish in time: exiting');
      exit(1);
    }, options.timeoutMs);
    try {
      await options.close();
      clearTimeout(timer);
      options.log.info({ signal }, 'shut down');
      exit(0);
    } catch (error) {
      clearTimeout(timer);
      options.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, (s) => void stop(s));
}

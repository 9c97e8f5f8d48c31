import { envInteger } from './limits-config.ts';

/** Settings of the operations endpoints and of shutdown (docs/OPERATIONS.md), read from the environment. */
export interface OperationsConfig {
  /** Bearer token /metrics asks for; null: /metrics is not served (404). */
  metricsToken: string | null;
  /** How long SIGTERM waits for calls, ingest batches and connections to finish before the process ends anyway. */
  shutdownTimeoutMs: number;
}

/** A shorter token is refused: /metrics tells device counts and call rates, so its token must not be guessable. */
export const MIN_METRICS_TOKEN_LENGTH = 24;

export function loadOperationsConfig(env: NodeJS.ProcessEnv): OperationsConfig {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token)))
    throw new Error(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (e.g. \`openssl rand -hex 24\`)`,
    );
  return {
    metricsToken: token,
    shutdownTimeoutMs: envInteger(env.SHUTDOWN_TIMEOUT_MS, 25_000, 'SHUTDOWN_TIMEOUT_MS') || 25_000,
  };
}

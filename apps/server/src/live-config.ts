import { envInteger } from './limits-config.ts';

/** Settings of live device events, gateways and dynamic registration (piece live), read from the environment. */
export interface LiveConfig {
  /** A comment line on every open stream this often, so proxies and browsers keep it. */
  heartbeatMs: number;
  /** How often a stream checks that its session is still live (a logout closes it). */
  sessionCheckMs: number;
  /** How often a stream re-reads the dealer ids of its subtree and its button. */
  scopeRefreshMs: number;
  /** Open streams one session may hold on one instance; one more is refused. */
  maxStreamsPerSession: number;
  /** Bytes a stream may have waiting for a slow reader; past it the reader is dropped. */
  maxBufferedBytes: number;
  /** Seconds a stream ticket stays valid. */
  ticketSeconds: number;
  /** Dynamic registration requests one IP may make per minute. */
  registrationsPerIpPerMinute: number;
  /** Seconds a registration random is remembered (a replay within it is refused). */
  registrationWindowSeconds: number;
}

export function loadLiveConfig(env: NodeJS.ProcessEnv): LiveConfig {
  return {
    heartbeatMs: envInteger(env.LIVE_HEARTBEAT_MS, 15_000, 'LIVE_HEARTBEAT_MS') || 15_000,
    sessionCheckMs: envInteger(env.LIVE_SESSION_CHECK_MS, 10_000, 'LIVE_SESSION_CHECK_MS') || 10_000,
    scopeRefreshMs: envInteger(env.LIVE_SCOPE_REFRESH_MS, 30_000, 'LIVE_SCOPE_REFRESH_MS') || 30_000,
    maxStreamsPerSession: envInteger(env.LIVE_MAX_STREAMS_PER_SESSION, 4, 'LIVE_MAX_STREAMS_PER_SESSION'),
    maxBufferedBytes: envInteger(env.LIVE_MAX_BUFFERED_BYTES, 1024 * 1024, 'LIVE_MAX_BUFFERED_BYTES'),
    ticketSeconds: envInteger(env.LIVE_TICKET_SECONDS, 30, 'LIVE_TICKET_SECONDS') || 30,
    registrationsPerIpPerMinute: envInteger(env.DEVICE_REGISTER_RATE_PER_MINUTE, 30, 'DEVICE_REGISTER_RATE_PER_MINUTE'),
    registrationWindowSeconds:
      envInteger(env.DEVICE_REGISTER_WINDOW_SECONDS, 86_400, 'DEVICE_REGISTER_WINDOW_SECONDS') || 86_400,
  };
}

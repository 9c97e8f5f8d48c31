import { randomBytes } from 'node:crypto';

/** Connection, body and upload limits (issue 8 items 7, 9 and 12), read from the environment. */
export interface LimitsConfig {
  /** Open connections one socket address may hold; more are closed at once (0: no cap). */
  maxConnectionsPerIp: number;
  /** A request (headers and body) not received in full within this time is answered 408 and closed. */
  requestTimeoutMs: number;
  /** The request headers must arrive within this time. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves at all (neither way) is closed after this time. */
  idleTimeoutMs: number;
  /** Bytes of uploaded files one company may store. */
  uploadQuotaBytes: number;
  /** HMAC key of the short-lived upload URLs; all instances behind one balancer need the same. */
  uploadUrlSecret: Buffer;
  /** Whether uploadUrlSecret came from UPLOAD_URL_SECRET (false: made up by this process). */
  uploadUrlSecretFromEnv: boolean;
  /** Seconds an upload URL stays valid. */
  uploadUrlTtlSeconds: number;
}

/** A whole, non-negative number from the environment; the fallback when unset or empty, an error naming the variable otherwise. */
export function envInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return parsed;
}

/** Reads the limits block of the configuration (README, configuration table). */
export function loadLimitsConfig(env: NodeJS.ProcessEnv): LimitsConfig {
  const requestTimeoutMs = envInteger(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS');
  const secret = env.UPLOAD_URL_SECRET ?? '';
  if (secret !== '' && secret.length < 32) throw new Error('UPLOAD_URL_SECRET must be at least 32 characters');
  return {
    maxConnectionsPerIp: envInteger(env.MAX_CONNECTIONS_PER_IP, 256, 'MAX_CONNECTIONS_PER_IP'),
    requestTimeoutMs,
    headersTimeoutMs: Math.min(
      envInteger(env.HEADERS_TIMEOUT_MS, 10_000, 'HEADERS_TIMEOUT_MS'),
      requestTimeoutMs || Infinity,
    ),
    keepAliveTimeoutMs: envInteger(env.KEEP_ALIVE_TIMEOUT_MS, 72_000, 'KEEP_ALIVE_TIMEOUT_MS'),
    idleTimeoutMs: envInteger(env.IDLE_TIMEOUT_MS, 120_000, 'IDLE_TIMEOUT_MS'),
    uploadQuotaBytes: envInteger(env.UPLOAD_QUOTA_MB, 200, 'UPLOAD_QUOTA_MB') * 1024 * 1024,
    uploadUrlSecret: secret === '' ? randomBytes(32) : Buffer.from(secret, 'utf8'),
    uploadUrlSecretFromEnv: secret !== '',
    uploadUrlTtlSeconds: envInteger(env.UPLOAD_URL_TTL_SECONDS, 600, 'UPLOAD_URL_TTL_SECONDS') || 600,
  };
}

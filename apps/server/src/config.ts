import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLimitsConfig, type LimitsConfig } from './limits-config.ts';

/** Everything the server reads from its environment, with defaults for a fresh machine. */
export interface Config {
  port: number;
  host: string;
  /** postgres://... or null for the embedded PGlite database. */
  databaseUrl: string | null;
  /** Data folder, or null for an in-memory database and a temporary upload folder (DATA_DIR=memory://). */
  dataDir: string | null;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  /** Maximum connections of the PostgreSQL pool. */
  dbPoolSize: number;
  rateLimits: RateLimitConfig;
  /** Checks every answer against its contract schema (tests and development). */
  checkResponses: boolean;
  /**
   * Whose X-Forwarded-For to believe for the client IP (rate limits, account log): false,
   * true (any), or a comma list of proxy addresses/CIDRs as Fastify accepts it.
   */
  trustProxy: boolean | string;
  /** Connection, body and upload limits (limits-config.ts). */
  limits: LimitsConfig;
}

export interface RateLimitConfig {
  /** Sign-in attempts (login, customerLogin, selectUserForLogin, forgetPwd) per IP per minute. */
  loginPerIpPerMinute: number;
  /** Sign-in attempts per account name per minute. */
  loginPerAccountPerMinute: number;
  /** SMS code requests per IP per minute (the 120 s rule per phone applies as well). */
  codePerIpPerMinute: number;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MEMORY_DATA_DIR = 'memory://';

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return parsed;
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

/** Reads the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: dataDir === MEMORY_DATA_DIR ? null : path.resolve(dataDir),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'apps/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: flag(env.SEED_DEMO, true),
    dbPoolSize: positiveInt(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
    rateLimits: {
      loginPerIpPerMinute: positiveInt(env.LOGIN_RATE_PER_MINUTE, 60, 'LOGIN_RATE_PER_MINUTE'),
      loginPerAccountPerMinute: positiveInt(env.LOGIN_ACCOUNT_RATE_PER_MINUTE, 20, 'LOGIN_ACCOUNT_RATE_PER_MINUTE'),
      codePerIpPerMinute: positiveInt(env.CODE_RATE_PER_MINUTE, 20, 'CODE_RATE_PER_MINUTE'),
    },
    checkResponses: flag(env.CHECK_RESPONSES, false),
    trustProxy: !env.TRUST_PROXY || env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
    limits: loadLimitsConfig(env),
  };
}

import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_ZONE, isPhone, isTimeZone } from '@dcc/contract';
import { loadCommandsConfig, type CommandsConfig } from './commands-config.ts';
import { loadOtaConfig, type OtaConfig } from './ota-config.ts';
import { loadExternalBrokerConfig, type ExternalBrokerConfig } from './ingest/broker/external/external-config.ts';
import { loadIngestConfig, type IngestConfig } from './ingest-config.ts';
import { loadOperationsConfig, type OperationsConfig } from './operations-config.ts';
import { envInteger, loadLimitsConfig, type LimitsConfig } from './limits-config.ts';
import { loadSimulatorConfig, type SimulatorConfig } from './simulator-config.ts';
import { loadLinkConfig, type LinkConfig } from './link-config.ts';
import { loadLiveConfig, type LiveConfig } from './live-config.ts';

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
  /** The platform's time zone (PLATFORM_TIME_ZONE, an IANA name): every time shown, typed, exported or counted by day. */
  timeZone: string;
  /** Insert the demo data (its operator uses the README's password): on by default only on embedded PGlite. */
  seedDemo: boolean;
  /** Phone of the platform operator created on the first start of a database that has none (one-time password). */
  operatorPhone: string | null;
  sms: SmsConfig;
  /** Where the rate-limit counters live: Redis shared by every instance, or memory. */
  redisUrl: string | null;
  redisKeyPrefix: string;
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
  /** AES-256-GCM key of the device secrets at rest (modules/devices/secret-box.ts), 32 bytes. */
  deviceSecretKey: Buffer;
  /** The in-process demo fleet (SIM_DEVICES, simulator-config.ts). */
  simulator: SimulatorConfig;
  /** Commands to devices (commands-config.ts). */
  commands: CommandsConfig;
  /** The embedded MQTT broker and the device connections (link-config.ts). */
  link: LinkConfig;
  /** The server as a client of an external MQTT broker (MQTT_URL), and the broker hooks (ingest/broker/external). */
  externalBroker: ExternalBrokerConfig;
  /** Ingest batching, payload limit and history retention (ingest-config.ts). */
  ingest: IngestConfig;
  /** Live device events, gateways and dynamic registration (live-config.ts). */
  live: LiveConfig;
  /** /metrics' token and the shutdown bound (operations-config.ts). */
  operations: OperationsConfig;
  /** Firmware upgrades over the air (ota-config.ts). */
  ota: OtaConfig;
}

/** How SMS codes are delivered: printed to the log (demo) or posted to a provider's HTTP API. */
export type SmsConfig =
  | { provider: 'log' }
  | {
      provider: 'http';
      /** The provider's send endpoint; it receives { phone, code, validMinutes, signName, templateId } as JSON. */
      url: string;
      /** Sent as `Authorization: Bearer <token>` when set. */
      token: string | null;
      signName: string;
      templateId: string;
      timeoutMs: number;
    };

export interface RateLimitConfig {
  /** Sign-in attempts (login, customerLogin, selectUserForLogin, forgetPwd) per IP per minute. */
  loginPerIpPerMinute: number;
  /** Sign-in attempts per account name per minute. */
  loginPerAccountPerMinute: number;
  /** SMS code requests per IP per minute (the 120 s rule per phone, purpose and account type applies as well). */
  codePerIpPerMinute: number;
  /** Wrong passwords and SMS codes from all addresses per minute past which an address that failed gets no more tries that minute. */
  failuresPerMinute: number;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MEMORY_DATA_DIR = 'memory://';

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

function smsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = env.SMS_PROVIDER || 'log';
  if (provider === 'log') return { provider: 'log' };
  if (provider !== 'http') throw new Error(`SMS_PROVIDER must be 'log' or 'http', got '${provider}'`);
  const url = env.SMS_HTTP_URL ?? '';
  if (!/^https?:\/\//.test(url))
    throw new Error(`SMS_PROVIDER=http needs SMS_HTTP_URL (http:// or https://), got '${url}'`);
  return {
    provider: 'http',
    url,
    token: env.SMS_HTTP_TOKEN || null,
    signName: env.SMS_SIGN_NAME ?? '',
    templateId: env.SMS_TEMPLATE_ID ?? '',
    timeoutMs: envInteger(env.SMS_HTTP_TIMEOUT_MS, 5000, 'SMS_HTTP_TIMEOUT_MS'),
  };
}

/**
 * The development key of the device secrets: only for the embedded PGlite database (demo, tests),
 * never with DATABASE_URL. Public, so it protects nothing.
 */
const DEVELOPMENT_DEVICE_SECRET_KEY = createHash('sha256')
  .update('dcc embedded development device secret key')
  .digest();

/** DEVICE_SECRET_KEY: 64 hex characters; required with DATABASE_URL, the development key otherwise. */
export function deviceSecretKey(value: string | undefined, databaseUrl: string | null): Buffer {
  if (!value) {
    if (databaseUrl)
      throw new Error(
        'DATABASE_URL is set but DEVICE_SECRET_KEY is not: set it to 64 hex characters (32 random bytes, e.g. `openssl rand -hex 32`); it encrypts the device secrets.',
      );
    return DEVELOPMENT_DEVICE_SECRET_KEY;
  }
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new Error('DEVICE_SECRET_KEY must be 64 hex characters (32 bytes)');
  const key = Buffer.from(value, 'hex');
  if (key.equals(DEVELOPMENT_DEVICE_SECRET_KEY))
    throw new Error('DEVICE_SECRET_KEY must not be the public development key');
  return key;
}

function platformTimeZone(value: string | undefined): string {
  if (!value) return DEFAULT_TIME_ZONE;
  if (!isTimeZone(value))
    throw new Error(`PLATFORM_TIME_ZONE must be an IANA time-zone name such as Asia/Shanghai, got '${value}'`);
  return value;
}

function operatorPhone(value: string | undefined): string | null {
  if (!value) return null;
  if (!isPhone(value))
    throw new Error(`OPERATOR_PHONE must be a mobile phone number (11 digits starting with 1), got '${value}'`);
  return value;
}

/**
 * Reads the configuration from environment variables. Throws (the server does not start) on a
 * malformed value, and when a production database (DATABASE_URL) would get the SMS sender that
 * prints codes to the log, unless SMS_ALLOW_LOG_SENDER says so explicitly.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR ?? './data';
  const databaseUrl = env.DATABASE_URL || null;
  const sms = smsConfig(env);
  if (databaseUrl && sms.provider === 'log' && !flag(env.SMS_ALLOW_LOG_SENDER, false)) {
    throw new Error(
      'DATABASE_URL is set but SMS_PROVIDER is not: the logging SMS sender prints every verification code to the log. ' +
        'Set SMS_PROVIDER=http with SMS_HTTP_URL (see the README), or SMS_ALLOW_LOG_SENDER=true for a database that is not production.',
    );
  }
  return {
    port: envInteger(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: dataDir === MEMORY_DATA_DIR ? null : path.resolve(dataDir),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'apps/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    timeZone: platformTimeZone(env.PLATFORM_TIME_ZONE),
    // Demo data only where `npm start` needs it (embedded PGlite); a PostgreSQL database asks for it.
    seedDemo: flag(env.SEED_DEMO, databaseUrl === null),
    operatorPhone: operatorPhone(env.OPERATOR_PHONE),
    sms,
    redisUrl: env.REDIS_URL || null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'dcc:rate:',
    dbPoolSize: envInteger(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
    rateLimits: {
      loginPerIpPerMinute: envInteger(env.LOGIN_RATE_PER_MINUTE, 60, 'LOGIN_RATE_PER_MINUTE'),
      loginPerAccountPerMinute: envInteger(env.LOGIN_ACCOUNT_RATE_PER_MINUTE, 20, 'LOGIN_ACCOUNT_RATE_PER_MINUTE'),
      codePerIpPerMinute: envInteger(env.CODE_RATE_PER_MINUTE, 20, 'CODE_RATE_PER_MINUTE'),
      failuresPerMinute: envInteger(env.SIGN_IN_FAILURES_PER_MINUTE, 300, 'SIGN_IN_FAILURES_PER_MINUTE'),
    },
    checkResponses: flag(env.CHECK_RESPONSES, false),
    trustProxy:
      !env.TRUST_PROXY || env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
    limits: loadLimitsConfig(env),
    deviceSecretKey: deviceSecretKey(env.DEVICE_SECRET_KEY, databaseUrl),
    simulator: loadSimulatorConfig(env, {
      seedDemo: flag(env.SEED_DEMO, databaseUrl === null),
      databaseUrl,
      dataDir: dataDir === MEMORY_DATA_DIR ? null : dataDir,
    }),
    commands: loadCommandsConfig(env),
    link: loadLinkConfig(env),
    externalBroker: loadExternalBrokerConfig(env),
    ingest: loadIngestConfig(env),
    live: loadLiveConfig(env),
    operations: loadOperationsConfig(env),
    ota: loadOtaConfig(env),
  };
}

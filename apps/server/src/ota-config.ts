import { randomBytes } from 'node:crypto';
import { loadFirmwareStoreConfig, type FirmwareStoreConfig } from './firmware-store-config.ts';
import { envInteger } from './limits-config.ts';

/** Settings of firmware upgrades over the air (modules/ota). */
export interface OtaConfig {
  /** HMAC key of the firmware download links; every instance behind one balancer needs the same (OTA_LINK_SECRET). */
  linkSecret: Buffer;
  /** Whether linkSecret came from OTA_LINK_SECRET (false: made up by this process, links die with it). */
  linkSecretFromEnv: boolean;
  /** Seconds a download link stays valid (OTA_LINK_TTL_SECONDS, default 900). */
  linkTtlSeconds: number;
  /** The address devices download from, e.g. https://iot.example.com (OTA_DOWNLOAD_BASE_URL); unset: this server's own listening address. */
  downloadBaseUrl: string | null;
  /** How often each instance moves its running rollouts on (OTA_TICK_MS, default 1000). */
  tickMs: number;
  /** Where firmware files are kept: the database, or an S3-compatible bucket when S3_* is set. */
  store: FirmwareStoreConfig;
}

export function loadOtaConfig(env: NodeJS.ProcessEnv): OtaConfig {
  const secret = env.OTA_LINK_SECRET ?? '';
  if (secret !== '' && secret.length < 32) throw new Error('OTA_LINK_SECRET must be at least 32 characters');
  const base = env.OTA_DOWNLOAD_BASE_URL ?? '';
  if (base !== '' && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(base))
    throw new Error(`OTA_DOWNLOAD_BASE_URL must be an http(s) address, got '${base}'`);
  return {
    linkSecret: secret === '' ? randomBytes(32) : Buffer.from(secret, 'utf8'),
    linkSecretFromEnv: secret !== '',
    linkTtlSeconds: envInteger(env.OTA_LINK_TTL_SECONDS, 900, 'OTA_LINK_TTL_SECONDS') || 900,
    downloadBaseUrl: base === '' ? null : base.replace(/\/$/, ''),
    tickMs: envInteger(env.OTA_TICK_MS, 1000, 'OTA_TICK_MS') || 1000,
    store: loadFirmwareStoreConfig(env),
  };
}

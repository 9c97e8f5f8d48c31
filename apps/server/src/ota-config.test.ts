import { describe, expect, it } from 'vitest';
import { loadOtaConfig } from './ota-config.ts';

describe('OTA config', () => {
  it('defaults to a random link key, 900 s links, the own address, a 1 s step and firmware in the database', () => {
    const config = loadOtaConfig({});
    expect(config).toMatchObject({
      linkSecretFromEnv: false,
      linkTtlSeconds: 900,
      downloadBaseUrl: null,
      tickMs: 1000,
      store: { kind: 'database' },
    });
    expect(config.linkSecret.length).toBe(32);
  });
  it('reads its variables and refuses a short key or a base that is not an http(s) address', () => {
    const secret = 's'.repeat(32);
    expect(
      loadOtaConfig({
        OTA_LINK_SECRET: secret,
        OTA_LINK_TTL_SECONDS: '60',
        OTA_DOWNLOAD_BASE_URL: 'https://iot.example.com/',
        OTA_TICK_MS: '250',
      }),
    ).toMatchObject({
      linkSecret: Buffer.from(secret),
      linkSecretFromEnv: true,
      linkTtlSeconds: 60,
      downloadBaseUrl: 'https://iot.example.com',
      tickMs: 250,
    });
    expect(() => loadOtaConfig({ OTA_LINK_SECRET: 'short' })).toThrow(/OTA_LINK_SECRET/);
    expect(() => loadOtaConfig({ OTA_DOWNLOAD_BASE_URL: 'ftp://x' })).toThrow(/OTA_DOWNLOAD_BASE_URL/);
    expect(() => loadOtaConfig({ OTA_TICK_MS: 'soon' })).toThrow(/OTA_TICK_MS/);
  });
});

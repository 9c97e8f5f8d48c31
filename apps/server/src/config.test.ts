import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const KEY = 'a1'.repeat(32);

describe('loadConfig', () => {
  it('needs DEVICE_SECRET_KEY with DATABASE_URL, and has a development key only on embedded PGlite', () => {
    const production = { DATABASE_URL: 'postgres://db/console', SMS_ALLOW_LOG_SENDER: 'true' };
    expect(() => loadConfig(production)).toThrow(/DEVICE_SECRET_KEY/);
    expect(() => loadConfig({ ...production, DEVICE_SECRET_KEY: 'short' })).toThrow(/64 hex/);
    expect(() =>
      loadConfig({ ...production, DEVICE_SECRET_KEY: loadConfig({}).deviceSecretKey.toString('hex') }),
    ).toThrow(/development key/);
    expect(loadConfig({ ...production, DEVICE_SECRET_KEY: KEY }).deviceSecretKey).toEqual(Buffer.from(KEY, 'hex'));
    expect(loadConfig({}).deviceSecretKey).toHaveLength(32);
    expect(() => loadConfig({ DEVICE_SECRET_KEY: 'zz'.repeat(32) })).toThrow(/64 hex/);
  });

  it('has defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: path.resolve('./data'),
      logLevel: 'info',
      timeZone: 'Asia/Shanghai',
      seedDemo: true,
      trustProxy: false,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads memory://, flags, limits and proxies', () => {
    const config = loadConfig({
      DATA_DIR: 'memory://',
      SEED_DEMO: 'false',
      LOGIN_RATE_PER_MINUTE: '5000',
      TRUST_PROXY: '10.0.0.0/8',
      PORT: '9000',
    });
    expect(config).toMatchObject({ dataDir: null, seedDemo: false, port: 9000, trustProxy: '10.0.0.0/8' });
    expect(config.rateLimits.loginPerIpPerMinute).toBe(5000);
  });

  it('refuses a malformed number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads the platform time zone and refuses a name that is not one', () => {
    expect(loadConfig({ PLATFORM_TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ PLATFORM_TIME_ZONE: 'Beijing' })).toThrow(/PLATFORM_TIME_ZONE/);
  });

  it('seeds the demo data by default only on embedded PGlite', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    const production = loadConfig({
      DATABASE_URL: 'postgres://db/console',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      DEVICE_SECRET_KEY: KEY,
    });
    expect(production.seedDemo).toBe(false);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/console',
        SMS_ALLOW_LOG_SENDER: 'true',
        SEED_DEMO: 'true',
        DEVICE_SECRET_KEY: KEY,
      }).seedDemo,
    ).toBe(true);
  });

  it('refuses to start with the logging SMS sender on a production database unless allowed', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/console' })).toThrow(
      /SMS_PROVIDER.*SMS_ALLOW_LOG_SENDER=true/s,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/console', SMS_ALLOW_LOG_SENDER: 'false' })).toThrow(
      /SMS_PROVIDER/,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/console', SMS_ALLOW_LOG_SENDER: 'true', DEVICE_SECRET_KEY: KEY }).sms,
    ).toEqual({ provider: 'log' });
    expect(loadConfig({}).sms).toEqual({ provider: 'log' });
  });

  it('reads the HTTP SMS provider, the operator phone and Redis', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TOKEN: 'secret',
      SMS_SIGN_NAME: 'Aurora',
      SMS_TEMPLATE_ID: 'T1',
      OPERATOR_PHONE: '13812345678',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.sms).toEqual({
      provider: 'http',
      url: 'https://sms.example/send',
      token: 'secret',
      signName: 'Aurora',
      templateId: 'T1',
      timeoutMs: 5000,
    });
    expect(config).toMatchObject({
      operatorPhone: '13812345678',
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'dcc:rate:',
    });
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ OPERATOR_PHONE: '12345' })).toThrow(/OPERATOR_PHONE/);
  });
});

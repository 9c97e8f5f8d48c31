import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: null, dataDir: path.resolve('./data'), logLevel: 'info', seedDemo: true, trustProxy: false });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads memory://, flags, limits and proxies', () => {
    const config = loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'false', LOGIN_RATE_PER_MINUTE: '5000', TRUST_PROXY: '10.0.0.0/8', PORT: '9000' });
    expect(config).toMatchObject({ dataDir: null, seedDemo: false, port: 9000, trustProxy: '10.0.0.0/8' });
    expect(config.rateLimits.loginPerIpPerMinute).toBe(5000);
  });

  it('refuses a malformed number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

import { describe, expect, it } from 'vitest';
import { loadLimitsConfig } from '../limits-config.ts';
import { connectionOptions, trustedPeers } from './connection-guard.ts';

describe('trustedPeers', () => {
  it('trusts nobody by default, everybody with true, and listed addresses, subnets and names', () => {
    expect(trustedPeers(false)('10.1.2.3')).toBe(false);
    expect(trustedPeers(true)('203.0.113.9')).toBe(true);
    const listed = trustedPeers('10.0.0.0/8, 192.0.2.7, loopback');
    expect(['10.9.8.7', '::ffff:10.0.0.1', '192.0.2.7', '127.0.0.1', '::1'].map(listed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['11.0.0.1', '192.0.2.8', '203.0.113.9'].map(listed)).toEqual([false, false, false]);
  });
});

describe('limits configuration', () => {
  it('defaults to a 30 s request, 10 s headers, 256 connections per address and 200 MB per company', () => {
    const limits = loadLimitsConfig({});
    expect(limits).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      maxConnectionsPerIp: 256,
      uploadQuotaBytes: 200 * 1024 * 1024,
      uploadUrlSecretFromEnv: false,
    });
    expect(connectionOptions(limits)).toMatchObject({
      requestTimeout: 30_000,
      http: { headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
    });
  });

  it('reads the environment and refuses a short secret', () => {
    expect(
      loadLimitsConfig({ MAX_CONNECTIONS_PER_IP: '0', UPLOAD_QUOTA_MB: '5', UPLOAD_URL_SECRET: 'x'.repeat(32) }),
    ).toMatchObject({ maxConnectionsPerIp: 0, uploadQuotaBytes: 5 * 1024 * 1024, uploadUrlSecretFromEnv: true });
    expect(() => loadLimitsConfig({ UPLOAD_URL_SECRET: 'short' })).toThrow(/UPLOAD_URL_SECRET/);
    expect(() => loadLimitsConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});

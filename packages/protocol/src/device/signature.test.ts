import { describe, expect, it } from 'vitest';
import { checkDeviceLogin, signDeviceLogin, SignInRefusal } from './signature.ts';

const SECRET = 'c2VjcmV0LW9mLUhQMDAwMQ';
const NOW = Date.UTC(2026, 10, 24, 12);
const WINDOW = 15 * 60_000;
const options = { secretOf: (code: string) => (code === 'HP0001' ? SECRET : null), nowMs: NOW, windowMs: WINDOW };

describe('device sign-in', () => {
  it('derives the password from the secret, so the secret never travels', () => {
    const credentials = signDeviceLogin('HP0001', SECRET, NOW);
    expect(credentials).toMatchObject({ clientId: 'HP0001', username: `HP0001&${NOW}` });
    expect(credentials.password).toMatch(/^[0-9a-f]{64}$/);
    expect(credentials.password).not.toContain(SECRET);
    expect(signDeviceLogin('HP0001', 'another secret', NOW).password).not.toBe(credentials.password);
  });

  it('accepts a fresh signature of a known device', async () => {
    await expect(checkDeviceLogin(signDeviceLogin('HP0001', SECRET, NOW - 60_000), options)).resolves.toEqual({
      ok: true,
      deviceCode: 'HP0001',
    });
  });

  it('answers each refusal with its offline reason code', async () => {
    const good = signDeviceLogin('HP0001', SECRET, NOW);
    const refusal = async (credentials: Parameters<typeof checkDeviceLogin>[0]) => {
      const check = await checkDeviceLogin(credentials, options);
      return check.ok ? 'accepted' : check.code;
    };
    await expect(refusal(signDeviceLogin('HP0001', 'wrong secret', NOW))).resolves.toBe(SignInRefusal.BAD_SIGNATURE);
    await expect(refusal(signDeviceLogin('HP0009', SECRET, NOW))).resolves.toBe(SignInRefusal.UNKNOWN_DEVICE);
    await expect(refusal(signDeviceLogin('HP0001', SECRET, NOW - WINDOW - 1))).resolves.toBe(SignInRefusal.EXPIRED);
    await expect(refusal(signDeviceLogin('HP0001', SECRET, NOW + WINDOW + 1))).resolves.toBe(SignInRefusal.EXPIRED);
    await expect(refusal({ ...good, clientId: 'HP0002' })).resolves.toBe(SignInRefusal.MALFORMED);
    await expect(refusal({ ...good, password: SECRET })).resolves.toBe(SignInRefusal.MALFORMED);
    await expect(refusal({ ...good, username: `${good.username}&x` })).resolves.toBe(SignInRefusal.MALFORMED);
    await expect(refusal({ clientId: 'HP0001' })).resolves.toBe(SignInRefusal.MALFORMED);
  });

  it('says a signature expired only to whoever holds the secret', async () => {
    const stale = signDeviceLogin('HP0001', 'wrong secret', NOW - WINDOW * 10);
    await expect(checkDeviceLogin(stale, options)).resolves.toEqual({ ok: false, code: SignInRefusal.BAD_SIGNATURE });
  });
});

import { describe, expect, it } from 'vitest';
import { hashPasswordDigest, md5Hex, verifyPasswordDigest } from './password.ts';
import { maskPhone } from './sms-sender.ts';

describe('password hashing', () => {
  it('stores a salted scrypt hash that verifies only the same digest', async () => {
    const digest = md5Hex('Demo@123456');
    const first = await hashPasswordDigest(digest);
    const second = await hashPasswordDigest(digest);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(digest);
    expect(await verifyPasswordDigest(digest, first)).toBe(true);
    expect(await verifyPasswordDigest(digest.toUpperCase(), first)).toBe(true);
    expect(await verifyPasswordDigest(md5Hex('Demo@1234567'), first)).toBe(false);
    expect(await verifyPasswordDigest(digest, 'plain')).toBe(false);
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('123')).toBe('****');
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newDeviceSecret, secretBox } from './secret-box.ts';

describe('device secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the box does not contain the secret', () => {
    const secret = newDeviceSecret();
    const packed = secretBox(key).seal(secret);
    expect(secretBox(key).open(packed)).toBe(secret);
    expect(packed.includes(Buffer.from(secret))).toBe(false);
    expect(packed.toString('latin1')).not.toContain(secret);
  });

  it('seals the same secret differently each time (fresh iv)', () => {
    const secret = newDeviceSecret();
    expect(secretBox(key).seal(secret).equals(secretBox(key).seal(secret))).toBe(false);
  });

  it('detects a changed byte anywhere in the box', () => {
    const packed = secretBox(key).seal(newDeviceSecret());
    for (const at of [0, 12, 28, packed.length - 1]) {
      const tampered = Buffer.from(packed);
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      expect(() => secretBox(key).open(tampered)).toThrow();
    }
    expect(() => secretBox(key).open(packed.subarray(0, 20))).toThrow();
  });

  it('refuses a box sealed under another key, and a key of the wrong length', () => {
    const packed = secretBox(key).seal(newDeviceSecret());
    expect(() => secretBox(randomBytes(32)).open(packed)).toThrow();
    expect(() => secretBox(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('makes 64 hex character secrets', () => {
    expect(newDeviceSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(newDeviceSecret()).not.toBe(newDeviceSecret());
  });
});

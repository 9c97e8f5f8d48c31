import { describe, expect, it } from 'vitest';
import { failedProofs } from './failed-proofs.ts';

describe('failed proofs', () => {
  it('refuses an address after its failures for the cool-down, not the other addresses', () => {
    let now = 0;
    const proofs = failedProofs({ perAddress: 3, global: 1000, cooldownMs: 30_000 }, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(proofs.allow('10.0.0.1')).toBe(true);
      proofs.failed('10.0.0.1');
    }
    expect(proofs.allow('10.0.0.1')).toBe(false);
    expect(proofs.allow('10.0.0.2')).toBe(true);
    now += 29_000;
    expect(proofs.allow('10.0.0.1')).toBe(false);
    now += 32_000;
    expect(proofs.allow('10.0.0.1')).toBe(true);
  });

  it('past the global budget gives no further try that minute to an address that failed, and leaves the others alone', () => {
    let now = 0;
    const proofs = failedProofs({ perAddress: 100, global: 5, cooldownMs: 60_000 }, () => now);
    for (let i = 0; i < 5; i += 1) proofs.failed(`10.0.1.${i}`);
    expect(proofs.allow('10.0.1.0')).toBe(false);
    expect(proofs.allow('10.0.2.1')).toBe(true);
    now += 61_000;
    expect(proofs.allow('10.0.1.0')).toBe(true);
  });
});

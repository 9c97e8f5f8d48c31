import { describe, expect, it } from 'vitest';
import { newProductKey } from './product-key.ts';

describe('product keys', () => {
  it("are 'pk' and 10 base-36 characters, and do not repeat", () => {
    const keys = Array.from({ length: 2000 }, newProductKey);
    for (const key of keys) expect(key).toMatch(/^pk[0-9a-z]{10}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('use the whole alphabet', () => {
    const seen = new Set(
      Array.from({ length: 500 }, newProductKey)
        .map((key) => key.slice(2))
        .join(''),
    );
    expect(seen.size).toBeGreaterThanOrEqual(36);
  });
});

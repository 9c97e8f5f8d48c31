import { describe, expect, it } from 'vitest';
import type { DealerScope } from './permission-repo.ts';
import type { findRole } from '../modules/roles/repo.ts';

/** Compile-time checks (typecheck runs over tests): a scope cannot be forged, and scoped queries cannot be called without one. */
describe('DealerScope', () => {
  it('cannot be built from an object literal, only found by the permission check', () => {
    // @ts-expect-error a scope comes from scopeWithButton (tests: testScope), never from fields a caller could send
    const forged: DealerScope = { dealerId: '1', level: 0, path: '/1/' };
    expect(forged.level).toBe(0);
  });

  it('is a required argument of scoped repository functions', () => {
    type Arguments = Parameters<typeof findRole>;
    // @ts-expect-error the scope cannot be left out
    const withoutScope: Arguments = [null as never, 'role-id'];
    expect(withoutScope).toHaveLength(2);
  });
});

import { ErrorCode } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error.ts';
import {
  assertHoldsAllOf,
  assertMayChangeMember,
  assertMayResetPassword,
  buttonsNotHeld,
  mayDemoteCompanyAdmin,
  rolesChanged,
  visibleRealName,
} from './rules.ts';

const codeOf = (action: () => void): number | null => {
  try {
    action();
    return null;
  } catch (error) {
    return (error as AppError).code;
  }
};
const held = new Set(['B85', 'B89']);

describe('buttons held', () => {
  it('lists the target buttons the caller lacks, and refuses any', () => {
    expect(buttonsNotHeld(['B85', 'B135', 'B89', 'B170'], held)).toEqual(['B135', 'B170']);
    expect(codeOf(() => assertHoldsAllOf(held, ['B85', 'B135']))).toBe(ErrorCode.TARGET_OUTRANKS);
    expect(codeOf(() => assertHoldsAllOf(held, ['B89']))).toBeNull();
    expect(codeOf(() => assertHoldsAllOf(held, []))).toBeNull();
  });
});

describe('member changes', () => {
  const admin = { dealerId: '7', buttons: ['B85'], isCompanyAdmin: true };
  const member = { dealerId: '7', buttons: ['B85'], isCompanyAdmin: false };

  it("lets only an ancestor company demote or remove a company's admin", () => {
    expect(mayDemoteCompanyAdmin('7', '7')).toBe(false);
    expect(mayDemoteCompanyAdmin('3', '7')).toBe(true);
    expect(codeOf(() => assertMayChangeMember('7', held, admin, 'roles'))).toBe(ErrorCode.COMPANY_ADMIN_PROTECTED);
    expect(codeOf(() => assertMayChangeMember('7', held, admin, 'remove'))).toBe(ErrorCode.COMPANY_ADMIN_PROTECTED);
    expect(codeOf(() => assertMayChangeMember('3', held, admin, 'roles'))).toBeNull();
    expect(codeOf(() => assertMayChangeMember('3', held, admin, 'remove'))).toBeNull();
  });

  it("allows other fields of the admin, and any change of an ordinary member, with the target's buttons held", () => {
    expect(codeOf(() => assertMayChangeMember('7', held, admin, 'profile'))).toBeNull();
    expect(codeOf(() => assertMayChangeMember('7', held, member, 'roles'))).toBeNull();
    expect(codeOf(() => assertMayChangeMember('7', held, member, 'remove'))).toBeNull();
  });

  it('refuses any change of a member holding more, even from an ancestor company', () => {
    const bigger = { ...member, buttons: ['B85', 'B135'] };
    for (const change of ['roles', 'remove', 'profile'] as const)
      expect(codeOf(() => assertMayChangeMember('3', held, bigger, change))).toBe(ErrorCode.TARGET_OUTRANKS);
    expect(codeOf(() => assertMayChangeMember('7', held, { ...admin, buttons: ['B213'] }, 'roles'))).toBe(
      ErrorCode.TARGET_OUTRANKS,
    );
  });

  it('tells a replaced role set from the same one', () => {
    expect(rolesChanged(['1', '2'], ['2', '1', '1'])).toBe(false);
    expect(rolesChanged(['1', '2'], ['1'])).toBe(true);
    expect(rolesChanged(['1'], ['2'])).toBe(true);
  });
});

describe('password reset of another account', () => {
  it('answers NOT_FOUND for an account used outside the subtree, and TARGET_OUTRANKS for one holding more', () => {
    expect(codeOf(() => assertMayResetPassword(held, { buttons: ['B85'], usedOutsideSubtree: true }))).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(codeOf(() => assertMayResetPassword(held, { buttons: ['B85', 'B135'], usedOutsideSubtree: false }))).toBe(
      ErrorCode.TARGET_OUTRANKS,
    );
    expect(
      codeOf(() => assertMayResetPassword(held, { buttons: ['B85', 'B89'], usedOutsideSubtree: false })),
    ).toBeNull();
  });
});

describe('what checkPhone shows', () => {
  it('names only an account of the subtree', () => {
    expect(visibleRealName('Wang Fang', true)).toBe('Wang Fang');
    expect(visibleRealName('Wang Fang', false)).toBe('');
  });
});

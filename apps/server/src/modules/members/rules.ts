import { ErrorCode } from '@dcc/contract';
import { fail } from '../../http/app-error.ts';

/**
 * Pure rules for acting on another account or member (issue 8, items 2 and 3). Callers look the
 * facts up in scope; these functions only decide.
 */

/** The buttons of `target` that `held` lacks, in the target's order. */
export const buttonsNotHeld = (target: readonly string[], held: ReadonlySet<string>): string[] =>
  target.filter((button) => !held.has(button));

/**
 * Nobody edits, removes or resets the password of an account holding a button they do not hold
 * themselves (in the company concerned): a 4-button assistant never takes over a 70-button admin.
 */
export function assertHoldsAllOf(held: ReadonlySet<string>, target: readonly string[]): void {
  if (buttonsNotHeld(target, held).length > 0) fail(ErrorCode.TARGET_OUTRANKS);
}

/** What a member change does to the member. */
export type MemberChange = 'roles' | 'remove' | 'profile';

export interface MemberTarget {
  /** The member's company. */
  dealerId: string;
  /** The buttons of the member's roles there. */
  buttons: readonly string[];
  /** The member's account is that company's admin (dealers.admin_user_id). */
  isCompanyAdmin: boolean;
}

/**
 * Whether a company's admin may lose roles or be removed by a caller acting in `scopeDealerId`:
 * only from a company strictly above the admin's (an ancestor, which created or oversees it).
 * Inside the admin's own company nobody may, the admin included: everyone there is below it, and
 * a company never loses its admin by a click from inside (the parent company can reassign it).
 */
export const mayDemoteCompanyAdmin = (scopeDealerId: string, adminDealerId: string): boolean =>
  scopeDealerId !== adminDealerId;

/**
 * Refuses a member change: the caller must hold every button of the member (TARGET_OUTRANKS);
 * changing the roles of, or removing, the company's admin needs an ancestor company
 * (COMPANY_ADMIN_PROTECTED). `scopeDealerId` is the company the caller acts for; the member was
 * found in its subtree.
 */
export function assertMayChangeMember(
  scopeDealerId: string,
  held: ReadonlySet<string>,
  target: MemberTarget,
  change: MemberChange,
): void {
  assertHoldsAllOf(held, target.buttons);
  if (change !== 'profile' && target.isCompanyAdmin && !mayDemoteCompanyAdmin(scopeDealerId, target.dealerId))
    fail(ErrorCode.COMPANY_ADMIN_PROTECTED);
}

/** Whether an edit replaces the member's role set (order and duplicates aside). */
export function rolesChanged(before: readonly string[], after: readonly string[]): boolean {
  const old = new Set(before);
  const next = new Set(after);
  return old.size !== next.size || [...next].some((id) => !old.has(id));
}

/**
 * The password of a dealer's admin account may be reset only when the account belongs to no company
 * outside the caller's subtree (else NOT_FOUND, as if there were none: its existence there is not
 * the caller's business) and the caller holds all of its buttons in the dealer (TARGET_OUTRANKS).
 */
export function assertMayResetPassword(
  held: ReadonlySet<string>,
  target: { buttons: readonly string[]; usedOutsideSubtree: boolean },
): void {
  if (target.usedOutsideSubtree) fail(ErrorCode.NOT_FOUND);
  assertHoldsAllOf(held, target.buttons);
}

/** The name behind a phone is shown only for an account already a member in the caller's subtree. */
export const visibleRealName = (realName: string, memberInSubtree: boolean): string =>
  memberInSubtree ? realName : '';

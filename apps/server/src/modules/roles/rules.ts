import { ErrorCode, grantableButtons, roleContent } from '@dcc/contract';
import { fail } from '../../http/app-error.ts';

/** What a role form sends that the rules look at. */
export interface RoleButtonsRequest {
  roleName: string;
  buttonIds: readonly string[];
}

/** Refuses platform-only buttons for a company below the platform (BUTTON_PLATFORM_ONLY, naming them). */
export function assertGrantable(companyLevel: number, buttons: readonly string[]): void {
  const grantable = new Set(grantableButtons(companyLevel, buttons));
  const platformOnly = buttons.filter((id) => !grantable.has(id));
  if (platformOnly.length > 0) fail(ErrorCode.BUTTON_PLATFORM_ONLY, { buttons: platformOnly.join(', ') });
}

/**
 * The buttons a role of a company of `companyLevel` is given, checked:
 * - an empty name or no button: ROLE_CONTENT_EMPTY ('the contents are not filled in');
 * - a platform-only button below the platform: BUTTON_PLATFORM_ONLY (whoever asks);
 * - a button the caller does not hold: BUTTON_NOT_HELD (no one grants more than they hold).
 */
export function checkedRoleButtons(
  request: RoleButtonsRequest,
  companyLevel: number,
  held: ReadonlySet<string>,
): string[] {
  const buttons = [...new Set(request.buttonIds)];
  if (!roleContent.roleName.safeParse(request.roleName).success || !roleContent.buttonIds.safeParse(buttons).success)
    fail(ErrorCode.ROLE_CONTENT_EMPTY);
  assertGrantable(companyLevel, buttons);
  if (buttons.some((id) => !held.has(id))) fail(ErrorCode.BUTTON_NOT_HELD);
  return buttons;
}

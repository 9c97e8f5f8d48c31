import type { CallDef } from './call.ts';
import { ErrorCode, type ErrorCodeValue } from './errors.ts';
import { isPlatformOnlyButton, PLATFORM_LEVEL } from './permissions.ts';

/**
 * The one rule for platform-wide data: why a company of `level` may not make `call`, or null when
 * it may. A platform-only button answers PERMISSION_DENIED (such a button is never held below the
 * platform anyway); a catalog write (`catalogWrite` on the call) answers CATALOG_READ_ONLY (the reader
 * holds the button). The rule reads only the call it is given: the console checks it on every page
 * (mayCall), so it must not pull the definitions of other calls into the sign-in bundle.
 */
export function platformRefusal(call: CallDef, level: number): ErrorCodeValue | null {
  if (level === PLATFORM_LEVEL) return null;
  if (call.button !== null && isPlatformOnlyButton(call.button)) return ErrorCode.PERMISSION_DENIED;
  if (call.catalogWrite) return ErrorCode.CATALOG_READ_ONLY;
  return null;
}

import { isOfflineReasonCode, offlineCheckKey, offlineReasonKey, translate, type Locale } from '@dcc/contract';

/** The meaning of a device's offline code and what an installer checks on site, in the caller's language. */
export function offlineTexts(
  code: number | null,
  locale: Locale,
): { offlineReason: string | null; offlineCheckMethod: string | null } {
  // A code outside spec section 8 (none is stored today) is shown as its number, with nothing to check.
  if (code === null) return { offlineReason: null, offlineCheckMethod: null };
  if (!isOfflineReasonCode(code)) return { offlineReason: String(code), offlineCheckMethod: null };
  return {
    offlineReason: translate(locale, offlineReasonKey(code)),
    offlineCheckMethod: translate(locale, offlineCheckKey(code)),
  };
}

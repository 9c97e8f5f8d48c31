/**
 * The formats of the identifiers the binding screens take (issue 11), shared by the console's forms
 * and the server's checks.
 *
 * Whole-machine barcode (SN): what the factory prints on the unit's label (Code 128), 6 to 32
 * characters of capital letters, digits and inner dashes, e.g. HP-A200-2406-000123. Scanned or typed
 * lower case is read as upper case; spaces around it are dropped.
 *
 * MAC address: six bytes in hex, written AA:BB:CC:DD:EE:FF (also accepted with dashes or without
 * separators, any case). A module's address is unicast and not all zeros, so a multicast address
 * (lowest bit of the first byte set, which includes FF:FF:FF:FF:FF:FF) and 00:00:00:00:00:00 are refused.
 */
export const SN_PATTERN = /^[A-Z0-9][A-Z0-9-]{4,30}[A-Z0-9]$/;

/** A barcode as stored: trimmed and upper case. */
export const normalizeSn = (value: string): string => value.trim().toUpperCase();
export const isSn = (value: string): boolean => SN_PATTERN.test(normalizeSn(value));

const MAC_INPUT = /^[0-9A-F]{2}([:-]?)[0-9A-F]{2}(\1[0-9A-F]{2}){4}$/;

/** A MAC address in the stored form AA:BB:CC:DD:EE:FF, or null when the text is not a device (unicast, non-zero) MAC. */
export function normalizeMac(value: string): string | null {
  const text = value.trim().toUpperCase();
  if (!MAC_INPUT.test(text)) return null;
  const hex = text.replace(/[:-]/g, '');
  if (/^0+$/.test(hex) || (Number.parseInt(hex.slice(0, 2), 16) & 1) === 1) return null;
  return hex.match(/../g)!.join(':');
}

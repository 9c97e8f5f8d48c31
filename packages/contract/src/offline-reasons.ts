/** Offline reason codes of spec section 8 (cloud IoT platform codes), each with its catalog key. */
export const OFFLINE_REASON_CODES = [
  200, 1910, 1911, 1913, 401, 427, 520, 521, 522, 6100, 6204, 6287, 6288, 6296, 6401, 6402, 6419, 2043,
] as const;
export type OfflineReasonCode = (typeof OFFLINE_REASON_CODES)[number];

/** Catalog key of an offline reason's meaning. */
export const offlineReasonKey = (code: OfflineReasonCode): string => `offline.${code}`;

/** Catalog key of what an installer checks on site for an offline reason (DTU, SIM card, wiring, secret, clock). */
export const offlineCheckKey = (code: OfflineReasonCode): string => `offline.check.${code}`;

export const isOfflineReasonCode = (code: number): code is OfflineReasonCode =>
  (OFFLINE_REASON_CODES as readonly number[]).includes(code);

/**
 * Why the server itself ended a device's live connection (docs/SECURITY.md, "Device connections"):
 * 401 the credential or authority it signed in with changed (secret reset, moved to another owner),
 * 521 deleted, 522 disabled. Every server instance and every broker mode acts on the same codes.
 */
export const REVOCATION_CODES = [401, 521, 522] as const satisfies readonly OfflineReasonCode[];
export type RevocationCode = (typeof REVOCATION_CODES)[number];
export const isRevocationCode = (code: number | undefined): code is RevocationCode =>
  (REVOCATION_CODES as readonly number[]).includes(code ?? -1);

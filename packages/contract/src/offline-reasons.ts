/** Offline reason codes of spec section 8 (cloud IoT platform codes), each with its catalog key. */
export const OFFLINE_REASON_CODES = [
  200, 1910, 1911, 1913, 401, 427, 520, 521, 522, 6100, 6204, 6287, 6288, 6296, 6401, 6402, 6419, 2043,
] as const;
export type OfflineReasonCode = (typeof OFFLINE_REASON_CODES)[number];

/** Catalog key of an offline reason's meaning. */
export const offlineReasonKey = (code: OfflineReasonCode): string => `offline.${code}`;

/** Catalog key of what an installer checks on site for an offline reason (DTU, SIM card, wiring, secret, clock). */
export const offlineCheckKey = (code: OfflineReasonCode): string => `offline.check.${code}`;

export const isOfflineReasonCode = (code: number): code is OfflineReasonCode => (OFFLINE_REASON_CODES as readonly number[]).includes(code);

/**
 * Offline reason codes of spec section 8 (cloud IoT platform codes) by name; each has its catalog key.
 * A connection that comes up is recorded with NORMAL; one that goes down with why.
 */
export const OfflineReason = {
  /** Normal online, or went offline on its own (a clean DISCONNECT). */
  NORMAL: 200,
  HEARTBEAT_TIMEOUT: 1910,
  /** The connection broke (or the server closed it unacknowledged; a restart found it gone). */
  CONNECTION_BROKEN: 1911,
  /** A child's own link to its gateway was lost, or its gateway went offline. */
  CHILD_OFFLINE: 1913,
  /** No permission (signature): malformed credentials, or what it signed in with changed (secret reset, new owner). */
  NO_PERMISSION: 401,
  /** The same IoT code signed in elsewhere. */
  SIGNED_IN_ELSEWHERE: 427,
  CHILD_SESSION_ERROR: 520,
  DELETED: 521,
  DISABLED: 522,
  UNKNOWN_DEVICE: 6100,
  DEVICE_DISABLED: 6204,
  BAD_SIGNATURE: 6287,
  REGISTRATION_OFF: 6288,
  INSTANCE_MISMATCH: 6296,
  TOPOLOGY_MISSING: 6401,
  SAME_AS_GATEWAY: 6402,
  UNDER_ANOTHER_GATEWAY: 6419,
  /** Invalid token: a well-formed signature whose timestamp is outside the accepted window. */
  TOKEN_EXPIRED: 2043,
} as const;
export type OfflineReasonName = keyof typeof OfflineReason;
export type OfflineReasonCode = (typeof OfflineReason)[OfflineReasonName];

/** Every offline reason code, in the order of spec section 8. */
export const OFFLINE_REASON_CODES = Object.values(OfflineReason) as readonly OfflineReasonCode[];

/** Catalog key of an offline reason's meaning. */
export const offlineReasonKey = (code: OfflineReasonCode): string => `offline.${code}`;

/** Catalog key of what an installer checks on site for an offline reason (DTU, SIM card, wiring, secret, clock). */
export const offlineCheckKey = (code: OfflineReasonCode): string => `offline.check.${code}`;

export const isOfflineReasonCode = (code: number): code is OfflineReasonCode =>
  (OFFLINE_REASON_CODES as readonly number[]).includes(code);

/**
 * Why the server itself ended a device's live connection (docs/SECURITY.md, "Device connections"):
 * the credential or authority it signed in with changed (secret reset, moved to another owner), it was
 * deleted, or disabled. Every server instance and every broker mode acts on the same codes.
 */
export const REVOCATION_CODES = [
  OfflineReason.NO_PERMISSION,
  OfflineReason.DELETED,
  OfflineReason.DISABLED,
] as const satisfies readonly OfflineReasonCode[];
export type RevocationCode = (typeof REVOCATION_CODES)[number];
export const isRevocationCode = (code: number | undefined): code is RevocationCode =>
  (REVOCATION_CODES as readonly number[]).includes(code ?? -1);

/** Why a device's sign-in is refused: its credentials are malformed, expired, unknown, wrong, or it is disabled. */
export const SIGN_IN_REFUSAL_CODES = [
  OfflineReason.NO_PERMISSION,
  OfflineReason.DISABLED,
  OfflineReason.TOKEN_EXPIRED,
  OfflineReason.UNKNOWN_DEVICE,
  OfflineReason.BAD_SIGNATURE,
] as const satisfies readonly OfflineReasonCode[];
export type SignInRefusalCode = (typeof SIGN_IN_REFUSAL_CODES)[number];

/** What a gateway says of a child going offline: its link to the gateway was lost, or its session failed. */
export type ChildOfflineCode = typeof OfflineReason.CHILD_OFFLINE | typeof OfflineReason.CHILD_SESSION_ERROR;

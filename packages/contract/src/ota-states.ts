/**
 * Firmware upgrades over the air (issue 23, spec sections 3-5): the states of a rollout and of each device in
 * it, defined once for the server, the device side and the console.
 */

/** The two OTA areas of the console: second-generation DTUs (/company/otaManage) and 4G DTUs (/company/otaNewManage). */
export const OTA_GENERATIONS = ['second', 'fourG'] as const;
export type OtaGeneration = (typeof OTA_GENERATIONS)[number];

/** What a firmware file programs: the unit's mainboard (.plcx, at most 512 KB) or the DTU module itself. */
export const FIRMWARE_TYPES = ['mainboard', 'gateway'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/** Spec section 5: firmware uploads accept only .plcx files; mainboard firmware is at most 512 KB. */
export const FIRMWARE_EXTENSION = '.plcx';
export const MAINBOARD_FIRMWARE_MAX_BYTES = 512 * 1024;
/** Gateway (module) firmware is bounded too, so that no upload can hold a request for long. */
export const GATEWAY_FIRMWARE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Where one device stands in a rollout. Open states come first: a device is in at most one open rollout.
 * - queued: waiting for its turn (rate limit, at most N downloading);
 * - deferred: its turn came but it cannot take the firmware now (the reason says why: offline, ...);
 * - notified: the notification with the signed link was sent; downloading, verifying, upgrading: as it reports;
 * - succeeded: it reported its new version; failed: it reported a failure (the reason is its status);
 * - timedOut: no outcome within the task's timeout counted from its first progress report;
 * - rejected: the device refused the upgrade; cancelled: the task was cancelled before the device finished.
 */
export const ROLLOUT_STATES = [
  'queued',
  'deferred',
  'notified',
  'downloading',
  'verifying',
  'upgrading',
  'succeeded',
  'failed',
  'timedOut',
  'rejected',
  'cancelled',
] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const OPEN_ROLLOUT_STATES = [
  'queued',
  'deferred',
  'notified',
  'downloading',
  'verifying',
  'upgrading',
] as const satisfies readonly RolloutState[];
/** States in which a device holds a download slot (counted against the task's "at most N downloading"). */
export const IN_FLIGHT_ROLLOUT_STATES = [
  'notified',
  'downloading',
  'verifying',
  'upgrading',
] as const satisfies readonly RolloutState[];
export const isOpenRolloutState = (state: RolloutState): boolean =>
  (OPEN_ROLLOUT_STATES as readonly string[]).includes(state);

/** Why a device was deferred. */
export const DEFER_REASONS = ['offline'] as const;
export type DeferReason = (typeof DEFER_REASONS)[number];

/**
 * What a device reports about an upgrade (the OTA progress frame's status byte, docs/device-protocol.md
 * section 19). The first four are progress, `succeeded` ends it well, the rest are its failures.
 */
export const OTA_DEVICE_STATUS = {
  downloading: 0x01,
  downloaded: 0x02,
  verifying: 0x03,
  upgrading: 0x04,
  succeeded: 0x05,
  downloadFailed: 0x10,
  checkFailure: 0x11,
  downloadTimeout: 0x12,
  protocolError: 0x13,
  upgradeFailed: 0x14,
  rejected: 0x15,
} as const;
export type OtaDeviceStatus = keyof typeof OTA_DEVICE_STATUS;
export const OTA_DEVICE_FAILURES = [
  'downloadFailed',
  'checkFailure',
  'downloadTimeout',
  'protocolError',
  'upgradeFailed',
] as const satisfies readonly OtaDeviceStatus[];
export type OtaDeviceFailure = (typeof OTA_DEVICE_FAILURES)[number];

const STATUS_BY_BYTE = new Map<number, OtaDeviceStatus>(
  Object.entries(OTA_DEVICE_STATUS).map(([name, byte]) => [byte, name as OtaDeviceStatus]),
);
/** The status named by a progress frame's status byte; undefined for a byte not in the table. */
export const otaDeviceStatusOf = (byte: number): OtaDeviceStatus | undefined => STATUS_BY_BYTE.get(byte);

/** The rollout state a device's report moves it to. */
export function rolloutStateOfReport(status: OtaDeviceStatus): RolloutState {
  switch (status) {
    case 'downloading':
      return 'downloading';
    case 'downloaded':
    case 'verifying':
      return 'verifying';
    case 'upgrading':
      return 'upgrading';
    case 'succeeded':
      return 'succeeded';
    case 'rejected':
      return 'rejected';
    default:
      return 'failed';
  }
}

/** Spec section 4, OTA upgrade status: what the task lists show per device. */
export const UPGRADE_STATUSES = ['upgrading', 'failed', 'downloadFailed', 'finished', 'cancelled'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** Spec section 4, parameter status: how far the firmware got to the device. */
export const PARAM_STATUSES = [
  'notUploaded',
  'uploaded',
  'downloadSucceeded',
  'downloadFailed',
  'downloading',
  'protocolError',
  'checkFailure',
  'downloadTimeout',
] as const;
export type ParamStatus = (typeof PARAM_STATUSES)[number];

/** Spec section 4, initialization (rollback) status. */
export const INITIALIZATION_STATUSES = ['initializing', 'success', 'failure'] as const;
export type InitializationStatus = (typeof INITIALIZATION_STATUSES)[number];

/** The reason a failed device gives: its failure status; a timed-out device's is downloadTimeout until it downloaded. */
const DOWNLOAD_FAILURES: ReadonlySet<string> = new Set(['downloadFailed', 'downloadTimeout']);

/** The spec's upgrade status of a device in a rollout. */
export function upgradeStatusOf(state: RolloutState, reason: string | null): UpgradeStatus {
  if (isOpenRolloutState(state)) return 'upgrading';
  if (state === 'succeeded') return 'finished';
  if (state === 'cancelled') return 'cancelled';
  if (state === 'failed' && reason !== null && DOWNLOAD_FAILURES.has(reason)) return 'downloadFailed';
  return 'failed';
}

/** How far the firmware got: not sent, notified (the link was sent), downloaded (the device has the whole file). */
export type FirmwareReach = 'none' | 'notified' | 'downloaded';

/** The spec's parameter status of a device in a rollout (the firmware's way to the device). */
export function paramStatusOf(state: RolloutState, reason: string | null, reach: FirmwareReach): ParamStatus {
  if (state === 'failed' && (reason === 'downloadFailed' || reason === 'protocolError' || reason === 'checkFailure'))
    return reason;
  if (state === 'downloading') return 'downloading';
  if (reach === 'downloaded') return 'downloadSucceeded';
  if ((state === 'failed' && reason === 'downloadTimeout') || state === 'timedOut') return 'downloadTimeout';
  if (state === 'failed') return 'downloadFailed';
  return reach === 'notified' ? 'uploaded' : 'notUploaded';
}

/** States of a task: running until every device ended, or cancelled. */
export const OTA_TASK_STATES = ['running', 'finished', 'cancelled'] as const;
export type OtaTaskState = (typeof OTA_TASK_STATES)[number];

/** A firmware version: 1 to 4 dot-separated whole numbers (e.g. 2.10.3), at most 20 characters. */
export const FIRMWARE_VERSION_PATTERN = /^\d{1,5}(\.\d{1,5}){0,3}$/;

/**
 * Orders two versions by their numbers (2.10 after 2.9; missing parts count 0); a version that is not of the
 * pattern (a device that never reported one) sorts before every real version.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const parts = (v: string) => (FIRMWARE_VERSION_PATTERN.test(v) ? v.split('.').map(Number) : null);
  const pa = parts(a);
  const pb = parts(b);
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  for (let k = 0; k < 4; k++) {
    const d = (pa[k] ?? 0) - (pb[k] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

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

/**
 * Why a device was deferred: offline; busy (defrosting or heating hot water: the demo protocol's run point,
 * address 40, bits defrost / heater, or the hot-water mode with the compressor running); weakSignal (its DTU's
 * signal is weak: at least moderate is needed); outsideWindow (the platform's local time is outside the task's
 * maintenance window); retryWait (its download failed or timed out and it waits for the next retry).
 */
export const DEFER_REASONS = ['offline', 'busy', 'weakSignal', 'outsideWindow', 'retryWait'] as const;
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

/**
 * How far the firmware got once a device moved to `state`, from its parameter status before (what a live change of
 * the state tells without the row): back to none when it waits again (a retry starts over), downloaded once it holds
 * the file, else as far as before or at least notified (it was told of the job or reported on it).
 */
export function reachAfter(previous: ParamStatus, state: RolloutState): FirmwareReach {
  if (state === 'queued' || state === 'deferred') return 'none';
  if (state === 'verifying' || state === 'upgrading' || state === 'succeeded' || previous === 'downloadSucceeded')
    return 'downloaded';
  if (state === 'cancelled' && previous === 'notUploaded') return 'none';
  return 'notified';
}

/**
 * States of a task: running until every device ended (or its end time), or cancelled. paused: a person paused it
 * or its health gate did (pause reason); awaitingConfirmation: a rollback drafted by a health gate, waiting for a
 * person to confirm it (it then runs) or cancel it; aborted: failed and timed-out devices reached the task's
 * abort share.
 */
export const OTA_TASK_STATES = [
  'running',
  'finished',
  'cancelled',
  'paused',
  'awaitingConfirmation',
  'aborted',
] as const;
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

/**
 * Which OTA area a device belongs to (issue 23, catalog): a device of a product networked over the cellular
 * network carries a 4G DTU; every other device a second-generation DTU.
 */
export const FOUR_G_NETWORK_METHOD = 'cellular';
export const otaGenerationOfNetwork = (networkMethod: string): OtaGeneration =>
  networkMethod === FOUR_G_NETWORK_METHOD ? 'fourG' : 'second';

/**
 * Spec section 4, initialization (rollback) status of a device in a rollback task: initializing while open,
 * success once it reported the older version, failure otherwise (failed, timed out, rejected, cancelled).
 */
export function initializationStatusOf(state: RolloutState): InitializationStatus {
  if (isOpenRolloutState(state)) return 'initializing';
  return state === 'succeeded' ? 'success' : 'failure';
}

/** Why a task is paused: by a person, or by its health gate (its upgraded devices fared worse than the others). */
export const OTA_PAUSE_REASONS = ['manual', 'healthGate'] as const;
export type OtaPauseReason = (typeof OTA_PAUSE_REASONS)[number];

/** Task states a person may cancel; running and paused tasks are moved on by the rollout, drafts wait. */
export const CANCELLABLE_TASK_STATES = [
  'running',
  'paused',
  'awaitingConfirmation',
] as const satisfies readonly OtaTaskState[];

/** Why a device ended cancelled without a person cancelling: the task reached its end time or was aborted. */
export const CANCEL_REASONS = ['endTime', 'aborted'] as const;

/** Every reason a device's row in a task can carry: deferred, cancelled without a person, failed (its status, or it reported another version). */
export const ROLLOUT_REASONS = [
  ...DEFER_REASONS,
  ...CANCEL_REASONS,
  ...OTA_DEVICE_FAILURES,
  'versionMismatch',
] as const;
export type RolloutReason = (typeof ROLLOUT_REASONS)[number];

/**
 * The devices released by each wave: wave k (cumulative percent p) releases the first ceil(p * total / 100)
 * devices of the task, at least one.
 */
export const waveLimit = (percent: number, total: number): number =>
  total === 0 ? 0 : Math.max(1, Math.ceil((percent * total) / 100));

/** Whether a minute of the day (platform zone) is inside a maintenance window [start, end) that may wrap midnight; start = end: all day. */
export function insideWindow(minute: number, start: number, end: number): boolean {
  if (start === end) return true;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Whether the upgraded devices' rates stay within the margin (percentage points) of the not-upgraded devices'. */
export function healthWithinMargin(
  health: { upgradedFaultRate: number; upgradedOfflineRate: number; otherFaultRate: number; otherOfflineRate: number },
  margin: number,
): boolean {
  return (
    health.upgradedFaultRate <= health.otherFaultRate + margin &&
    health.upgradedOfflineRate <= health.otherOfflineRate + margin
  );
}

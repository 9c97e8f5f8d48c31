import { z } from 'zod';
import { CLOUD_API, defineCall } from '../call.ts';
import { Button, type ButtonId } from '../permissions.ts';
import {
  FIRMWARE_TYPES,
  FIRMWARE_VERSION_PATTERN,
  OTA_PAUSE_REASONS,
  OTA_TASK_STATES,
  PARAM_STATUSES,
  ROLLOUT_STATES,
  UPGRADE_STATUSES,
  type OtaGeneration,
} from '../ota-states.ts';
import { idField, listAnswer, pageIndexField, pageSizeField, searchField } from './people/common.ts';

/**
 * Firmware upgrades over the air (issue 23): firmware files, upgrade tasks with their per-device progress, and the
 * upgrade records, once per OTA area (second generation B188, 4G B177), each call gated by its area's button.
 * A firmware, a task or a device of another branch answers like a missing one.
 */

/** Most devices one task names by id; a filter may reach more. */
export const OTA_MAX_TASK_DEVICES = 1000;
/** Most devices a filter puts in one task. */
export const OTA_MAX_FILTER_DEVICES = 10_000;
export const OTA_PAGE_SIZE = 10;

const firmwareId = idField('ota.validation.firmwareId');
const taskId = idField('ota.validation.taskId');
const deviceId = idField('devices.validation.deviceId');
const productId = idField('ota.validation.productId');

const flagField = z.union(
  [z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')],
  { error: 'ota.validation.flag' },
);
const codeField = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .max(32, key)
    .refine((v) => /^[A-Za-z0-9._-]+$/.test(v), key);
const versionField = z
  .string({ error: 'ota.validation.version' })
  .trim()
  .max(20, 'ota.validation.version')
  .refine((v) => FIRMWARE_VERSION_PATTERN.test(v), 'ota.validation.version');
/** A new task's pace and rollout policy where its request leaves a field out (a 4G batch's too, but for its abort rule). */
export const OTA_TASK_DEFAULTS = {
  ratePerMinute: 60,
  maxDownloading: 200,
  timeoutMinutes: 30,
  waves: [100] as readonly number[],
  healthGate: false,
  soakSeconds: 3600,
  healthMargin: 5,
  abortPercent: 20,
  abortMinDevices: 10,
  retrySeconds: [] as readonly number[],
  windowStart: '00:00',
  windowEnd: '00:00',
  openUntil: '',
} as const;

const wholeIn = (min: number, max: number, key: string, fallback: number) =>
  z.coerce.number({ error: key }).int(key).min(min, key).max(max, key).default(fallback);

export const firmware = z.object({
  firmwareId: z.string(),
  productId: z.string(),
  productName: z.string(),
  type: z.enum(FIRMWARE_TYPES),
  name: z.string(),
  size: z.number().int(),
  version: z.string(),
  softwareCode: z.string(),
  hardwareCode: z.string(),
  supportsUpgrade: z.boolean(),
  /** Hex SHA-256 of the file, as the device gets it. */
  sha256: z.string(),
  importTime: z.string(),
  dealersName: z.string(),
});
export type Firmware = z.infer<typeof firmware>;

/** A task's devices by outcome: all, succeeded, failed (failed, timed out, rejected), still open, cancelled. */
export const otaTaskCounts = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  open: z.number().int(),
  cancelled: z.number().int(),
});

/** The health of a gated wave after its soak: shares (percent) of devices with a fault or offline. */
export const otaHealth = z.object({
  upgraded: z.number().int(),
  others: z.number().int(),
  upgradedFaultRate: z.number(),
  upgradedOfflineRate: z.number(),
  otherFaultRate: z.number(),
  otherOfflineRate: z.number(),
});
export type OtaHealth = z.infer<typeof otaHealth>;

/** A task's rollout policy and where it stands (waves, health gate, retries, auto-abort, window, end time). */
const rolloutPolicy = {
  /** Cumulative percent of the devices released per wave, the last 100. */
  waves: z.array(z.number().int()),
  /** The wave now released (0-based). */
  waveIndex: z.number().int(),
  healthGate: z.boolean(),
  soakSeconds: z.number().int(),
  healthMargin: z.number().int(),
  abortPercent: z.number().int(),
  abortMinDevices: z.number().int(),
  retrySeconds: z.array(z.number().int()),
  /** Maintenance window in the platform zone, HH:MM; equal: all day. */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** Devices matching the filter later join the task until this instant; null: the devices chosen at creation only. */
  openUntil: z.string().nullable(),
  pauseReason: z.enum(OTA_PAUSE_REASONS).nullable(),
  health: otaHealth.nullable(),
  /** The task a rollback draft undoes, and the draft a health gate made of this task. */
  sourceTaskId: z.string().nullable(),
  rollbackTaskId: z.string().nullable(),
};

export const otaTask = z.object({
  taskId: z.string(),
  /** Null once the firmware was deleted (the task keeps its name and version). */
  firmwareId: z.string().nullable(),
  firmwareName: z.string(),
  version: z.string(),
  rollback: z.boolean(),
  state: z.enum(OTA_TASK_STATES),
  ratePerMinute: z.number().int(),
  maxDownloading: z.number().int(),
  timeoutMinutes: z.number().int(),
  /** Share of the devices that ended (0-100). */
  progress: z.number().int(),
  counts: otaTaskCounts,
  createTime: z.string(),
  endTime: z.string().nullable(),
  ...rolloutPolicy,
});
export type OtaTask = z.infer<typeof otaTask>;

/** One device of a task: the rollout state with its reason, and the spec's upgrade and parameter statuses. */
export const otaTaskDevice = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  state: z.enum(ROLLOUT_STATES),
  reason: z.string().nullable(),
  upgradeStatus: z.enum(UPGRADE_STATUSES),
  paramStatus: z.enum(PARAM_STATUSES),
  percent: z.number().int(),
  fromVersion: z.string(),
  toVersion: z.string(),
  updateTime: z.string(),
});
export type OtaTaskDevice = z.infer<typeof otaTaskDevice>;

export const otaUpgradeRecord = otaTaskDevice.extend({
  taskId: z.string(),
  firmwareName: z.string(),
  rollback: z.boolean(),
});

const taskFilter = z
  .object({
    /** Part of the IoT code; empty: any. */
    deviceCode: searchField,
    /** Only devices running exactly this version; empty: any. */
    softwareVersion: z.union([z.literal(''), versionField]).default(''),
  })
  .strict();

/** 'HH:MM' from 00:00 to 24:00. */
const clockField = z
  .string({ error: 'otaTasks.validation.window' })
  .trim()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(v), 'otaTasks.validation.window')
  .default(OTA_TASK_DEFAULTS.windowStart);
const wavesField = z
  .array(z.coerce.number({ error: 'otaTasks.validation.waves' }).int('otaTasks.validation.waves'), {
    error: 'otaTasks.validation.waves',
  })
  .min(1, 'otaTasks.validation.waves')
  .max(10, 'otaTasks.validation.waves')
  .refine(
    (w) => w.every((p, k) => p >= 1 && p <= 100 && (k === 0 || p > w[k - 1]!)) && w[w.length - 1] === 100,
    'otaTasks.validation.waves',
  )
  .default(() => [...OTA_TASK_DEFAULTS.waves]);

const createTaskRequest = z
  .object({
    firmwareId,
    /** The chosen devices (of the firmware's product), or none to take the filter's. */
    deviceIds: z
      .array(deviceId, { error: 'ota.validation.deviceIds' })
      .max(OTA_MAX_TASK_DEVICES, 'ota.validation.deviceIds')
      .refine((ids) => new Set(ids).size === ids.length, 'ota.validation.deviceIds')
      .default([]),
    filter: taskFilter.optional(),
    /** A rollback may install a version older than what the device runs. */
    rollback: flagField.default(false),
    ratePerMinute: wholeIn(1, 10_000, 'ota.validation.ratePerMinute', OTA_TASK_DEFAULTS.ratePerMinute),
    maxDownloading: wholeIn(1, 1000, 'ota.validation.maxDownloading', OTA_TASK_DEFAULTS.maxDownloading),
    timeoutMinutes: wholeIn(1, 1440, 'ota.validation.timeoutMinutes', OTA_TASK_DEFAULTS.timeoutMinutes),
    waves: wavesField,
    healthGate: flagField.default(OTA_TASK_DEFAULTS.healthGate),
    soakSeconds: wholeIn(1, 604_800, 'otaTasks.validation.soakSeconds', OTA_TASK_DEFAULTS.soakSeconds),
    healthMargin: wholeIn(0, 100, 'otaTasks.validation.healthMargin', OTA_TASK_DEFAULTS.healthMargin),
    abortPercent: wholeIn(1, 100, 'otaTasks.validation.abortPercent', OTA_TASK_DEFAULTS.abortPercent),
    abortMinDevices: wholeIn(1, 100_000, 'otaTasks.validation.abortMinDevices', OTA_TASK_DEFAULTS.abortMinDevices),
    retrySeconds: z
      .array(
        z.coerce
          .number({ error: 'otaTasks.validation.retrySeconds' })
          .int('otaTasks.validation.retrySeconds')
          .min(1, 'otaTasks.validation.retrySeconds')
          .max(86_400, 'otaTasks.validation.retrySeconds'),
        { error: 'otaTasks.validation.retrySeconds' },
      )
      .max(5, 'otaTasks.validation.retrySeconds')
      .default(() => [...OTA_TASK_DEFAULTS.retrySeconds]),
    windowStart: clockField,
    windowEnd: clockField,
    /** With a filter: devices matching it later join the task until this instant (ISO). */
    openUntil: z
      .union([
        z.literal(''),
        z
          .string({ error: 'otaTasks.validation.endTime' })
          .refine((v) => !Number.isNaN(Date.parse(v)), 'otaTasks.validation.endTime'),
      ])
      .default(OTA_TASK_DEFAULTS.openUntil),
  })
  .strict()
  .refine((body) => body.deviceIds.length > 0 || body.filter !== undefined, {
    message: 'ota.validation.deviceIds',
    path: ['deviceIds'],
  });

/** The buttons of one OTA area. */
interface AreaButtons {
  devices: ButtonId;
  tasks: ButtonId;
  records: ButtonId;
  firmware: ButtonId;
}

export const OTA_BUTTONS: Record<OtaGeneration, AreaButtons> = {
  second: {
    devices: Button.OTA2_DEVICES,
    tasks: Button.OTA2_TASKS,
    records: Button.OTA2_RECORDS,
    firmware: Button.OTA2_FIRMWARE,
  },
  fourG: {
    devices: Button.OTA4G_DEVICES,
    tasks: Button.OTA4G_TASKS,
    records: Button.OTA4G_RECORDS,
    firmware: Button.OTA4G_FIRMWARE,
  },
};

const AREA_PATH: Record<OtaGeneration, string> = { second: 'ota', fourG: 'otaNew' };

/** The calls of one OTA area: the same shapes under the area's path and buttons. */
function otaCalls(generation: OtaGeneration) {
  const base = `${CLOUD_API}/${AREA_PATH[generation]}`;
  const buttons = OTA_BUTTONS[generation];
  return {
    uploadFirmware: defineCall({
      path: `${base}/firmware/upload`,
      description:
        'Uploads a firmware file (multipart, the file last): .plcx only, a mainboard file at most 512 KB, a product required; its SHA-256 is kept.',
      auth: 'session',
      button: buttons.firmware,
      request: z
        .object({
          productId,
          type: z.enum(FIRMWARE_TYPES, { error: 'ota.validation.type' }),
          version: versionField,
          softwareCode: codeField('ota.validation.softwareCode'),
          hardwareCode: codeField('ota.validation.hardwareCode'),
          supportsUpgrade: flagField.default(true),
        })
        .strict(),
      response: firmware,
    }),
    listFirmware: defineCall({
      path: `${base}/firmware/list`,
      description:
        "The area's firmware files the company may use (its own, its subtree's and its ancestors'), newest first.",
      auth: 'session',
      button: buttons.firmware,
      request: z
        .object({
          pageIndex: pageIndexField,
          pageSize: pageSizeField,
          name: searchField,
          productId: z.union([z.literal(''), productId]).default(''),
        })
        .strict(),
      response: listAnswer(firmware),
    }),
    deleteFirmware: defineCall({
      path: `${base}/firmware/delete`,
      description: 'Deletes a firmware file of the subtree that no running task uses.',
      auth: 'session',
      button: buttons.firmware,
      request: z.object({ firmwareId }).strict(),
      response: z.object({}),
    }),
    createTask: defineCall({
      path: `${base}/task/create`,
      description:
        "Starts an upgrade of the chosen devices (or the filter's) of the firmware's product in the subtree: each is notified in turn, within the rate and the number downloading at once.",
      auth: 'session',
      button: buttons.tasks,
      request: createTaskRequest,
      response: otaTask,
    }),
    listTasks: defineCall({
      path: `${base}/task/list`,
      description: "The area's upgrade tasks of the subtree with their progress, newest first.",
      auth: 'session',
      button: buttons.tasks,
      request: z
        .object({
          pageIndex: pageIndexField,
          pageSize: pageSizeField,
          /** Part of the firmware name; empty: any. */
          firmwareName: searchField,
          state: z.union([z.literal(''), z.enum(OTA_TASK_STATES)]).default(''),
        })
        .strict(),
      response: listAnswer(otaTask),
    }),
    taskDetail: defineCall({
      path: `${base}/task/detail`,
      description: 'A task of the subtree and a page of its devices with their progress.',
      auth: 'session',
      button: buttons.tasks,
      request: z
        .object({
          taskId,
          pageIndex: pageIndexField,
          pageSize: pageSizeField,
          state: z.union([z.literal(''), z.enum(ROLLOUT_STATES)]).default(''),
        })
        .strict(),
      response: z.object({ task: otaTask, devices: listAnswer(otaTaskDevice) }),
    }),
    cancelTask: defineCall({
      path: `${base}/task/cancel`,
      description:
        'Cancels a running task: devices not finished are cancelled, and those already notified are told to stop.',
      auth: 'session',
      button: buttons.tasks,
      request: z.object({ taskId }).strict(),
      response: otaTask,
    }),
    listUpgradeRecords: defineCall({
      path: `${base}/record/list`,
      description: "Every device's upgrades in the area (one row per device and task), newest first.",
      auth: 'session',
      button: buttons.records,
      request: z
        .object({
          pageIndex: pageIndexField,
          pageSize: pageSizeField,
          deviceCode: searchField,
          upgradeStatus: z
            .union([z.literal(''), z.enum(UPGRADE_STATUSES)], { error: 'ota.validation.status' })
            .default(''),
          paramStatus: z.union([z.literal(''), z.enum(PARAM_STATUSES)], { error: 'ota.validation.status' }).default(''),
        })
        .strict(),
      response: listAnswer(otaUpgradeRecord),
    }),
    pauseTask: defineCall({
      path: `${base}/task/pause`,
      description: 'Pauses a running task: no device is notified until it is resumed; devices already working go on.',
      auth: 'session',
      button: buttons.tasks,
      request: z.object({ taskId }).strict(),
      response: otaTask,
    }),
    resumeTask: defineCall({
      path: `${base}/task/resume`,
      description:
        'Resumes a paused task; one a health gate paused goes on to its next wave (a person judged its health).',
      auth: 'session',
      button: buttons.tasks,
      request: z.object({ taskId }).strict(),
      response: otaTask,
    }),
    confirmRollback: defineCall({
      path: `${base}/task/confirmRollback`,
      description: 'Confirms a rollback draft that a health gate made: it starts running.',
      auth: 'session',
      button: buttons.tasks,
      request: z.object({ taskId }).strict(),
      response: otaTask,
    }),
  };
}

/** The calls of each area, by generation (the server registers both with one handler each). */
export const OTA_CALLS = { second: otaCalls('second'), fourG: otaCalls('fourG') } as const;
export type OtaCalls = (typeof OTA_CALLS)[OtaGeneration];

export const {
  uploadFirmware: ota2UploadFirmware,
  listFirmware: ota2ListFirmware,
  deleteFirmware: ota2DeleteFirmware,
  createTask: ota2CreateTask,
  listTasks: ota2ListTasks,
  taskDetail: ota2TaskDetail,
  cancelTask: ota2CancelTask,
  listUpgradeRecords: ota2ListUpgradeRecords,
  pauseTask: ota2PauseTask,
  resumeTask: ota2ResumeTask,
  confirmRollback: ota2ConfirmRollback,
} = OTA_CALLS.second;
export const {
  uploadFirmware: ota4gUploadFirmware,
  listFirmware: ota4gListFirmware,
  deleteFirmware: ota4gDeleteFirmware,
  createTask: ota4gCreateTask,
  listTasks: ota4gListTasks,
  taskDetail: ota4gTaskDetail,
  cancelTask: ota4gCancelTask,
  listUpgradeRecords: ota4gListUpgradeRecords,
  pauseTask: ota4gPauseTask,
  resumeTask: ota4gResumeTask,
  confirmRollback: ota4gConfirmRollback,
} = OTA_CALLS.fourG;

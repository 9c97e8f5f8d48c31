import { z } from 'zod';
import { CLOUD_API, defineCall } from '../call.ts';
import { Button, type ButtonId } from '../permissions.ts';
import {
  FIRMWARE_TYPES,
  FIRMWARE_VERSION_PATTERN,
  INITIALIZATION_STATUSES,
  type OtaGeneration,
} from '../ota-states.ts';
import { idField, listAnswer, pageIndexField, pageSizeField, searchField } from './people/common.ts';

/**
 * The catalog side of firmware upgrades (issue 23): each area's devices with what they run, its rollback
 * (initialize) records and its upgrade records with the spec's status names, and the 4G area's batch upgrade
 * tasks, which upgrade matching devices as they come online. Scoped to the caller's subtree like every OTA call.
 */

const productFilter = z.union([z.literal(''), idField('ota.validation.productId')]).default('');
const versionFilter = z
  .string({ error: 'ota.validation.version' })
  .trim()
  .max(20, 'ota.validation.version')
  .refine((v) => v === '' || FIRMWARE_VERSION_PATTERN.test(v), 'ota.validation.version')
  .default('');

export const OTA_ONLINE_FILTERS = ['', 'online', 'offline'] as const;

/** A device of an OTA area with the software it runs. */
export const otaDevice = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  productId: z.string(),
  productName: z.string(),
  softwareCode: z.string(),
  softwareVersion: z.string(),
  online: z.boolean(),
  lastOnlineTime: z.string().nullable(),
  dealersName: z.string(),
});
export type OtaDevice = z.infer<typeof otaDevice>;

/** One device of a rollback (initialize) task, with the spec's initialization status. */
export const otaRollbackRecord = z.object({
  taskId: z.string(),
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  firmwareName: z.string(),
  fromVersion: z.string(),
  toVersion: z.string(),
  status: z.enum(INITIALIZATION_STATUSES),
  /** Why it failed (the device's failure status, timedOut, rejected, cancelled), else null. */
  reason: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type OtaRollbackRecord = z.infer<typeof otaRollbackRecord>;

/** A 4G batch upgrade task: its firmware, counts over the devices it picked up, and whether it picks up more. */
export const otaBatchTask = z.object({
  batchId: z.string(),
  taskId: z.string(),
  /** Null once the firmware was deleted (the batch keeps its name and version). */
  firmwareId: z.string().nullable(),
  firmwareName: z.string(),
  productId: z.string(),
  productName: z.string(),
  softwareCode: z.string(),
  version: z.string(),
  otaType: z.enum(FIRMWARE_TYPES),
  createTime: z.string(),
  successCount: z.number().int(),
  failCount: z.number().int(),
  enabled: z.boolean(),
});
export type OtaBatchTask = z.infer<typeof otaBatchTask>;

const CATALOG_BUTTONS: Record<OtaGeneration, { devices: ButtonId; rollbacks: ButtonId }> = {
  second: { devices: Button.OTA2_DEVICES, rollbacks: Button.OTA2_ROLLBACKS },
  fourG: { devices: Button.OTA4G_DEVICES, rollbacks: Button.OTA4G_ROLLBACKS },
};
const AREA_PATH: Record<OtaGeneration, string> = { second: 'ota', fourG: 'otaNew' };

function catalogCalls(generation: OtaGeneration) {
  const base = `${CLOUD_API}/${AREA_PATH[generation]}`;
  const buttons = CATALOG_BUTTONS[generation];
  return {
    listDevices: defineCall({
      path: `${base}/device/list`,
      description:
        "The area's devices of the subtree (4G: of products networked over cellular; second generation: the others) with their software code and version.",
      auth: 'session',
      button: buttons.devices,
      request: z
        .object({
          pageIndex: pageIndexField,
          pageSize: pageSizeField,
          deviceCode: searchField,
          productId: productFilter,
          softwareVersion: versionFilter,
          online: z.enum(OTA_ONLINE_FILTERS, { error: 'ota.validation.online' }).default(''),
        })
        .strict(),
      response: listAnswer(otaDevice),
    }),
    listRollbacks: defineCall({
      path: `${base}/rollback/list`,
      description:
        "The devices of the area's rollback (initialize) tasks with their initialization status, newest first.",
      auth: 'session',
      button: buttons.rollbacks,
      request: z
        .object({
          pageIndex: pageIndexField,
          pageSize: pageSizeField,
          deviceCode: searchField,
          status: z
            .union([z.literal(''), z.enum(INITIALIZATION_STATUSES)], { error: 'ota.validation.status' })
            .default(''),
        })
        .strict(),
      response: listAnswer(otaRollbackRecord),
    }),
  };
}

export const OTA_CATALOG_CALLS = { second: catalogCalls('second'), fourG: catalogCalls('fourG') } as const;
export type OtaCatalogCalls = (typeof OTA_CATALOG_CALLS)[OtaGeneration];

export const { listDevices: ota2ListDevices, listRollbacks: ota2ListRollbacks } = OTA_CATALOG_CALLS.second;
export const { listDevices: ota4gListDevices, listRollbacks: ota4gListRollbacks } = OTA_CATALOG_CALLS.fourG;

const batchId = idField('ota.validation.batchId');

export const ota4gListBatchTasks = defineCall({
  path: `${CLOUD_API}/otaNew/batch/list`,
  description: "The subtree's 4G batch upgrade tasks with their counts, newest first; optionally one product's.",
  auth: 'session',
  button: Button.OTA4G_BATCH,
  request: z.object({ pageIndex: pageIndexField, pageSize: pageSizeField, productId: productFilter }).strict(),
  response: listAnswer(otaBatchTask),
});

export const ota4gCreateBatchTask = defineCall({
  path: `${CLOUD_API}/otaNew/batch/create`,
  description:
    "Creates a batch upgrade task with a 4G firmware: while enabled, every device of the firmware's product in the subtree running an older version is upgraded when it is (or comes) online.",
  auth: 'session',
  button: Button.OTA4G_BATCH,
  request: z
    .object({
      firmwareId: idField('ota.validation.firmwareId'),
      enabled: z
        .union([z.boolean(), z.enum(['true', 'false'])], { error: 'ota.validation.flag' })
        .transform((v) => v === true || v === 'true')
        .default(true),
    })
    .strict(),
  response: otaBatchTask,
});

export const ota4gSetBatchEnabled = defineCall({
  path: `${CLOUD_API}/otaNew/batch/enable`,
  description:
    'Enables a batch task (it picks up matching online devices again) or disables it (its devices not finished are cancelled).',
  auth: 'session',
  button: Button.OTA4G_BATCH,
  request: z
    .object({
      batchId,
      enabled: z.boolean({ error: 'ota.validation.flag' }),
    })
    .strict(),
  response: otaBatchTask,
});

import { ErrorCode, OTA_TASK_DEFAULTS, type Locale, type OtaBatchTask } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Actor } from '../../http/call-route.ts';
import { batchInScope, enabledBatchOf, enrollBatchDevices, insertBatch, setBatchRow } from './batch-repo.ts';
import type { Operator } from '../device-commands/index.ts';
import { usableFirmware } from './firmware-repo.ts';
import { cancelTaskRows, insertTask } from './task-repo.ts';
import type { StopJobs } from './task-service.ts';
import { policyColumns, type PolicyInput } from './policy.ts';

const { ratePerMinute, maxDownloading, timeoutMinutes, ...NEW_TASK_POLICY } = OTA_TASK_DEFAULTS;
/** The rollout's pace for a batch's devices (they come one by one as they connect): a new task's. */
const BATCH_PACE = { ratePerMinute, maxDownloading, timeoutMinutes };
/**
 * A batch takes devices one by one as they come online: no waves, no health gate, no window, no end time (a new
 * task's policy); it is aborted only when every one of its first ten ended devices failed (the task engine's
 * auto-abort).
 */
const BATCH_POLICY: PolicyInput = {
  ...NEW_TASK_POLICY,
  waves: [...NEW_TASK_POLICY.waves],
  retrySeconds: [...NEW_TASK_POLICY.retrySeconds],
  abortPercent: 100,
};

const foundBatch = async (db: Kysely<DB>, scope: DealerScope, batchId: string, locale: Locale) => {
  const batch = isIdText(batchId) ? await batchInScope(db, scope, batchId, locale) : undefined;
  if (!batch) fail(ErrorCode.NOT_FOUND);
  return batch;
};

/**
 * Creates a 4G batch upgrade task of the scope's company with a 4G firmware it may use: an upgrade task without
 * devices, which the batch fills with the matching devices online now and those that come online later.
 */
export async function createBatch(
  db: Kysely<DB>,
  scope: DealerScope,
  actor: Actor,
  locale: Locale,
  input: { firmwareId: string; enabled: boolean },
): Promise<OtaBatchTask> {
  const firmware = isIdText(input.firmwareId)
    ? await usableFirmware(db, scope, 'fourG', input.firmwareId, locale)
    : undefined;
  if (!firmware) fail(ErrorCode.NOT_FOUND);
  if (!firmware.supportsUpgrade) fail(ErrorCode.FIRMWARE_NOT_UPGRADABLE);
  if (input.enabled && (await enabledBatchOf(db, scope.dealerId, firmware.productId, null)))
    fail(ErrorCode.OTA_BATCH_PRODUCT_BUSY);
  const taskId = await insertTask(db, scope, {
    generation: 'fourG',
    firmwareId: firmware.firmwareId,
    firmwareName: firmware.name,
    version: firmware.version,
    rollback: false,
    ...BATCH_PACE,
    createdBy: actor.userId,
    devices: [],
    policy: policyColumns(BATCH_POLICY, firmware.productId, null),
  });
  const batchId = await insertBatch(db, {
    taskId,
    dealerId: scope.dealerId,
    productId: firmware.productId,
    otaType: firmware.type,
    softwareCode: firmware.softwareCode,
    enabled: input.enabled,
  }).catch(async (error: unknown) => {
    await db.deleteFrom('ota_tasks').where('id', '=', taskId).execute();
    throw error;
  });
  await setBatchRow(db, batchId, taskId, input.enabled);
  if (input.enabled) await enrollBatchDevices(db, { batchId });
  return (await batchInScope(db, scope, batchId, locale))!;
}

/** Enables a batch of the subtree (it takes matching online devices again) or disables it (its open devices are cancelled, logged as the operator's cancel, and told to stop). */
export async function setBatchEnabled(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  locale: Locale,
  input: { batchId: string; enabled: boolean },
  stop: StopJobs,
): Promise<OtaBatchTask> {
  const batch = await foundBatch(db, scope, input.batchId, locale);
  if (input.enabled) {
    if (batch.firmwareId === null) fail(ErrorCode.OTA_BATCH_FIRMWARE_GONE);
    if (await enabledBatchOf(db, batch.dealerId, batch.productId, batch.batchId))
      fail(ErrorCode.OTA_BATCH_PRODUCT_BUSY);
    await setBatchRow(db, batch.batchId, batch.taskId, true);
    await enrollBatchDevices(db, { batchId: batch.batchId });
  } else {
    const notified = await cancelTaskRows(db, batch.taskId, operator);
    await setBatchRow(db, batch.batchId, batch.taskId, false);
    if (notified) await stop(notified);
  }
  return (await batchInScope(db, scope, batch.batchId, locale))!;
}

import {
  compareFirmwareVersions,
  ErrorCode,
  OTA_MAX_FILTER_DEVICES,
  type CallRequest,
  type Locale,
  type OtaCalls,
  type OtaGeneration,
  type OtaTask,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Actor } from '../../http/call-route.ts';
import { foundOrFail } from '../catalog/index.ts';
import { devicesInScope, devicesOfScope } from '../devices/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import type { Operator } from '../device-commands/index.ts';
import { usableFirmware } from './firmware-repo.ts';
import { policyColumns, type PolicyInput } from './policy.ts';
import { busyDevices, cancelTaskRows, insertTask, taskInScope } from './task-repo.ts';

type CreateInput = CallRequest<OtaCalls['createTask']> &
  PolicyInput & {
    deviceIds: string[];
    rollback: boolean;
    ratePerMinute: number;
    maxDownloading: number;
    timeoutMinutes: number;
  };

/** At most this many IoT codes are named in a refusal. */
const NAMED = 10;
const named = (codes: readonly string[]) =>
  codes.slice(0, NAMED).join(', ') + (codes.length > NAMED ? ` (+${codes.length - NAMED})` : '');

type Target = { id: string; code: string; productId: string; version: string; connected: boolean };

/** The chosen devices of the scope (NOT_FOUND for a foreign one), or the filter's among the firmware product's. */
async function targetsOf(db: Kysely<DB>, scope: DealerScope, input: CreateInput, productId: string): Promise<Target[]> {
  if (input.deviceIds.length > 0) {
    const found = await devicesInScope(db, scope, input.deviceIds);
    const versions = await db
      .selectFrom('devices')
      .select(['id', 'software_version', 'connected'])
      .where('id', 'in', input.deviceIds)
      .execute();
    const rowOf = new Map(versions.map((v) => [v.id, v]));
    return found.map((d) => ({
      id: d.id,
      code: d.code,
      productId: d.productId,
      version: rowOf.get(d.id)?.software_version ?? '',
      connected: rowOf.get(d.id)?.connected ?? false,
    }));
  }
  const filter = input.filter!;
  let query = devicesOfScope(db, scope)
    .select(['dv.id', 'dv.device_code', 'dv.product_id', 'dv.software_version', 'dv.connected'])
    .where('dv.product_id', '=', productId);
  if (filter.deviceCode) query = query.where('dv.device_code', 'ilike', containsPattern(filter.deviceCode));
  if (filter.softwareVersion) query = query.where('dv.software_version', '=', filter.softwareVersion);
  const rows = await query
    .orderBy('dv.id')
    .limit(OTA_MAX_FILTER_DEVICES + 1)
    .execute();
  if (rows.length === 0 && input.openUntil === '') fail(ErrorCode.OTA_NO_DEVICES);
  if (rows.length > OTA_MAX_FILTER_DEVICES) fail(ErrorCode.OTA_TOO_MANY_DEVICES, { max: OTA_MAX_FILTER_DEVICES });
  return rows.map((r) => ({
    id: r.id,
    code: r.device_code,
    productId: r.product_id,
    version: r.software_version,
    connected: r.connected,
  }));
}

/**
 * Starts an upgrade of devices of the scope's subtree with a firmware the scope may use: devices of the firmware's
 * product only, none already upgrading, and none running a newer version unless the task is a rollback.
 */
export async function createTask(
  db: Kysely<DB>,
  scope: DealerScope,
  actor: Actor,
  locale: Locale,
  generation: OtaGeneration,
  input: CreateInput,
): Promise<OtaTask> {
  const firmware = isIdText(input.firmwareId)
    ? await usableFirmware(db, scope, generation, input.firmwareId, locale)
    : undefined;
  if (!firmware) fail(ErrorCode.NOT_FOUND);
  if (!firmware.supportsUpgrade) fail(ErrorCode.FIRMWARE_NOT_UPGRADABLE);
  if (input.openUntil !== '' && Date.parse(input.openUntil) <= Date.now()) fail(ErrorCode.OTA_END_TIME_PAST);
  const targets = await targetsOf(db, scope, input, firmware.productId);
  const otherProduct = targets.filter((t) => t.productId !== firmware.productId).map((t) => t.code);
  if (otherProduct.length > 0) fail(ErrorCode.OTA_PRODUCT_MISMATCH, { devices: named(otherProduct) });
  if (!input.rollback) {
    const newer = targets.filter((t) => compareFirmwareVersions(firmware.version, t.version) < 0).map((t) => t.code);
    if (newer.length > 0) fail(ErrorCode.FIRMWARE_OLDER, { devices: named(newer), version: firmware.version });
  }
  const busy = await busyDevices(
    db,
    targets.map((t) => t.id),
  );
  if (busy.length > 0) fail(ErrorCode.OTA_DEVICE_BUSY, { devices: named(busy) });
  const taskId = await insertTask(db, scope, {
    generation,
    firmwareId: firmware.firmwareId,
    firmwareName: firmware.name,
    version: firmware.version,
    rollback: input.rollback,
    ratePerMinute: input.ratePerMinute,
    maxDownloading: input.maxDownloading,
    timeoutMinutes: input.timeoutMinutes,
    createdBy: actor.userId,
    devices: targets.map((t) => ({ id: t.id, version: t.version, connected: t.connected })),
    // Chosen devices stay the task's; a filter keeps matching devices that come later, until the end time.
    policy: policyColumns(
      input,
      firmware.productId,
      input.deviceIds.length > 0 || input.openUntil === ''
        ? null
        : { deviceCode: input.filter!.deviceCode ?? '', softwareVersion: input.filter!.softwareVersion ?? '' },
    ),
  });
  return (await taskInScope(db, scope, generation, taskId))!;
}

/** A task of the scope's subtree; NOT_FOUND for another's. */
export const findTask = (db: Kysely<DB>, scope: DealerScope, generation: OtaGeneration, taskId: string) =>
  foundOrFail(isIdText(taskId) ? taskInScope(db, scope, generation, taskId) : Promise.resolve(undefined));

/** What cancelling tells the devices that were already notified: stop (OTA cancel frame). */
export type StopJobs = (jobs: ReadonlyArray<{ job: string; deviceId: string; deviceCode: string }>) => Promise<void>;

/** Cancels a running task of the scope's subtree for the operator (each open device's log names them); OTA_TASK_ENDED when it is not running any more. */
export async function cancelTask(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  generation: OtaGeneration,
  taskId: string,
  stop: StopJobs,
): Promise<OtaTask> {
  await findTask(db, scope, generation, taskId);
  const notified = await cancelTaskRows(db, taskId, operator);
  if (notified === null) fail(ErrorCode.OTA_TASK_ENDED);
  await stop(notified);
  return (await taskInScope(db, scope, generation, taskId))!;
}

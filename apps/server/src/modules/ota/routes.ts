import { GATEWAY_FIRMWARE_MAX_BYTES, OTA_CALLS, OTA_GENERATIONS, type OtaGeneration } from '@dcc/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { scopedRoute, type CallInput, type CallRoute } from '../../http/call-route.ts';
import { splitBody } from '../../http/json-body.ts';
import { localeOf } from '../../http/locale.ts';
import { ErrorCode } from '@dcc/contract';
import { operatorOf } from '../device-commands/index.ts';
import { readMultipartUpload } from '../uploads/index.ts';
import { firmwarePage } from './firmware-repo.ts';
import { deleteFirmware, firmwareRefused, uploadFirmware } from './firmware-service.ts';
import type { FirmwareStores } from './firmware-store.ts';
import type { Rollout } from './rollout.ts';
import type { TaskLive } from './task-live.ts';
import { taskDevicePage, taskPage, upgradeRecordPage } from './task-repo.ts';
import { cancelTask, createTask, findTask } from './task-service.ts';
import { taskMoveRoutes } from './task-move-routes.ts';

const FIRMWARE_FIELDS = ['productId', 'type', 'version', 'softwareCode', 'hardwareCode', 'supportsUpgrade'] as const;

/** Reads a firmware upload (multipart, fields before the file); a JSON body is read as one so that the missing file is named after session and button. */
async function readFirmwareUpload(request: FastifyRequest): Promise<CallInput> {
  if (!request.isMultipart()) return { ...splitBody(request.body, false), file: null };
  return readMultipartUpload(request, {
    maxBytes: GATEWAY_FIRMWARE_MAX_BYTES,
    payloadFields: FIRMWARE_FIELDS,
    reasons: { notMultipart: 'ota.file.missing', noFile: 'ota.file.missing', tooLarge: 'ota.file.gatewayTooLarge' },
    refuse: (req, reasonKey) => firmwareRefused(localeOf(req), reasonKey),
  });
}

/** What the calls of the OTA areas use besides the database. */
export interface OtaRouteDeps {
  rollout: Rollout;
  live: TaskLive;
  stores: FirmwareStores;
}

/** The calls of one OTA area. */
function areaRoutes(db: Kysely<DB>, { rollout, live, stores }: OtaRouteDeps, generation: OtaGeneration): CallRoute[] {
  const calls = OTA_CALLS[generation];
  return [
    scopedRoute(
      calls.uploadFirmware,
      (input, ctx) => {
        if (!isIdText(input.productId)) fail(ErrorCode.PRODUCT_UNKNOWN);
        return uploadFirmware(db, stores, ctx.scope, ctx.actor, ctx.locale, generation, input, ctx.file);
      },
      readFirmwareUpload,
    ),
    scopedRoute(calls.listFirmware, async (input, ctx) =>
      input.productId !== '' && !isIdText(input.productId)
        ? { list: [], totalSize: 0 }
        : firmwarePage(db, ctx.scope, generation, input, ctx.locale),
    ),
    scopedRoute(calls.deleteFirmware, (input, ctx) =>
      isIdText(input.firmwareId)
        ? deleteFirmware(db, stores, ctx.scope, generation, input.firmwareId)
        : fail(ErrorCode.NOT_FOUND),
    ),
    scopedRoute(calls.createTask, (input, ctx) => createTask(db, ctx.scope, ctx.actor, ctx.locale, generation, input)),
    scopedRoute(calls.listTasks, (input, ctx) => taskPage(db, ctx.scope, generation, input)),
    scopedRoute(calls.taskDetail, async (input, ctx) => {
      const task = await findTask(db, ctx.scope, generation, input.taskId);
      return { task, devices: await taskDevicePage(db, task.taskId, input) };
    }),
    scopedRoute(calls.cancelTask, async (input, ctx) =>
      cancelTask(db, ctx.scope, await operatorOf(db, ctx.scope, ctx), generation, input.taskId, async (jobs) => {
        await rollout.stop(jobs);
        await live.task(input.taskId);
      }),
    ),
    scopedRoute(calls.listUpgradeRecords, (input, ctx) => upgradeRecordPage(db, ctx.scope, generation, input)),
    ...taskMoveRoutes(db, live, generation),
  ];
}

/** Firmware, tasks and records of both OTA areas (second generation, 4G). */
export const otaRoutes = (db: Kysely<DB>, deps: OtaRouteDeps): CallRoute[] =>
  OTA_GENERATIONS.flatMap((generation) => areaRoutes(db, deps, generation));

import {
  OTA_CATALOG_CALLS,
  OTA_GENERATIONS,
  ota4gCreateBatchTask,
  ota4gListBatchTasks,
  ota4gSetBatchEnabled,
} from '@dcc/contract';
import { insertFirmware } from './ota-records.ts';
import type { MatrixContext, PermissionOutcome } from './permission-outcomes.ts';

/** The OTA catalog calls' entries of the permission matrix (issue 23): each succeeds with its button on fresh records. */

/** A disabled batch (any number per product) with a new 4G firmware of the caller's company. */
const batchBody = async (ctx: MatrixContext) => ({
  firmwareId: await insertFirmware(ctx.t.db, ctx.company, 'fourG'),
  enabled: false,
});

export const OTA_CATALOG_OUTCOMES: Record<string, PermissionOutcome> = Object.assign(
  {},
  ...OTA_GENERATIONS.map((generation) => ({
    [OTA_CATALOG_CALLS[generation].listDevices.path]: {},
    [OTA_CATALOG_CALLS[generation].listRollbacks.path]: {},
  })),
  {
    [ota4gListBatchTasks.path]: {},
    [ota4gCreateBatchTask.path]: { body: batchBody },
    [ota4gSetBatchEnabled.path]: {
      body: async (ctx: MatrixContext) => ({
        batchId: (await ctx.api<{ batchId: string }>(ota4gCreateBatchTask, await batchBody(ctx))).batchId,
        enabled: false,
      }),
    },
  },
) as Record<string, PermissionOutcome>;

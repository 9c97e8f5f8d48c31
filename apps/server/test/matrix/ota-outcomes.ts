import { ErrorCode, OTA_CALLS, OTA_GENERATIONS, type OtaGeneration } from '@dcc/contract';
import { loadConfig } from '../../src/config.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import { demoProduct, insertFirmware } from './ota-records.ts';
import type { MatrixContext, PermissionOutcome } from './permission-outcomes.ts';

/** The OTA calls' entries of the permission matrix (issue 23), for both areas: each succeeds with its button on fresh records. */

const box = secretBox(loadConfig({}).deviceSecretKey);

/** A new task of the area for a new device of the caller's company. */
async function taskBody(ctx: MatrixContext, generation: OtaGeneration) {
  return {
    firmwareId: await insertFirmware(ctx.t.db, ctx.company, generation),
    deviceIds: [await newDevice(ctx.t.db, ctx.company, box, await demoProduct(ctx.t.db))],
  };
}

function areaOutcomes(generation: OtaGeneration): Record<string, PermissionOutcome> {
  const calls = OTA_CALLS[generation];
  const task = async (ctx: MatrixContext) => ({
    taskId: (await ctx.api<{ taskId: string }>(calls.createTask, await taskBody(ctx, generation))).taskId,
  });
  return {
    [calls.uploadFirmware.path]: {
      body: async (ctx) => ({
        productId: await demoProduct(ctx.t.db),
        type: 'mainboard',
        version: '1.0.0',
        softwareCode: 'MX',
        hardwareCode: 'MX',
      }),
      expect: ErrorCode.FIRMWARE_FILE_INVALID,
      reason: 'the matrix posts JSON, so no file comes with it (uploads: firmware.int.test.ts)',
    },
    [calls.listFirmware.path]: {},
    [calls.deleteFirmware.path]: {
      body: async (ctx) => ({ firmwareId: await insertFirmware(ctx.t.db, ctx.company, generation) }),
    },
    [calls.createTask.path]: { body: (ctx) => taskBody(ctx, generation) },
    [calls.listTasks.path]: {},
    [calls.taskDetail.path]: { body: task },
    [calls.cancelTask.path]: { body: task },
    [calls.pauseTask.path]: { body: task },
    [calls.resumeTask.path]: {
      body: async (ctx) => {
        const body = await task(ctx);
        await ctx.api(calls.pauseTask, body);
        return body;
      },
    },
    [calls.confirmRollback.path]: {
      body: task,
      expect: ErrorCode.OTA_TASK_STATE_WRONG,
      reason:
        'only a rollback a health gate drafted can be confirmed (rollout-policy.int.test.ts); a new task is running',
    },
    [calls.listUpgradeRecords.path]: {},
  };
}

export const OTA_OUTCOMES: Record<string, PermissionOutcome> = Object.assign(
  {},
  ...OTA_GENERATIONS.map(areaOutcomes),
) as Record<string, PermissionOutcome>;

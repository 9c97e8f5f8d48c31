import { ErrorCode, OTA_CALLS, OTA_GENERATIONS, type OtaGeneration } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';
import { demoProduct, insertFirmware } from './ota-records.ts';

/** Isolation fixtures of both OTA areas: each addresses a firmware, a task or a device of the target company. */

const box = secretBox(loadConfig({}).deviceSecretKey);
/** A firmware of the area uploaded by `owner`. */
const firmwareOf = (db: Kysely<DB>, owner: MatrixNode, generation: OtaGeneration) =>
  insertFirmware(db, owner.dealerId, generation);

/** A running task of the area owned by the target, with one device of the target. */
async function taskOf(db: Kysely<DB>, target: MatrixNode, generation: OtaGeneration): Promise<string> {
  const firmwareId = await firmwareOf(db, target, generation);
  const task = await db
    .insertInto('ota_tasks')
    .values({
      generation,
      dealer_id: target.dealerId,
      firmware_id: firmwareId,
      firmware_name: 'matrix.plcx',
      firmware_version: '9.0.0',
      rate_per_minute: 60,
      max_downloading: 10,
      timeout_minutes: 30,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deviceId = await newDevice(db, target.dealerId, box, await demoProduct(db));
  await db
    .insertInto('ota_task_devices')
    .values({
      task_id: task.id,
      device_id: deviceId,
      state: 'deferred',
      reason: 'offline',
      to_version: '9.0.0',
      updated_at: new Date(),
      // Written as the task's step leaves a row it logged: the step's background tick logs nothing during a case.
      join_logged: true,
    })
    .execute();
  return task.id;
}

function areaFixtures(generation: OtaGeneration): IsolationFixture[] {
  const calls = OTA_CALLS[generation];
  return [
    {
      call: calls.deleteFirmware,
      makeForeignBody: async (target, _tree, db) => ({ firmwareId: await firmwareOf(db, target, generation) }),
    },
    {
      // The caller's own firmware for a device of the target.
      call: calls.createTask,
      makeForeignBody: async (target, tree, db) => ({
        firmwareId: await firmwareOf(db, tree.caller, generation),
        deviceIds: [await newDevice(db, target.dealerId, box, await demoProduct(db))],
      }),
    },
    {
      call: calls.taskDetail,
      makeForeignBody: async (target, _tree, db) => ({ taskId: await taskOf(db, target, generation) }),
    },
    {
      call: calls.cancelTask,
      makeForeignBody: async (target, _tree, db) => ({ taskId: await taskOf(db, target, generation) }),
    },
    {
      call: calls.pauseTask,
      makeForeignBody: async (target, _tree, db) => ({ taskId: await taskOf(db, target, generation) }),
    },
    {
      // The child's task is running: found, and refused for its state.
      call: calls.resumeTask,
      makeForeignBody: async (target, _tree, db) => ({ taskId: await taskOf(db, target, generation) }),
      childOutcome: ErrorCode.OTA_TASK_STATE_WRONG,
    },
    {
      call: calls.confirmRollback,
      makeForeignBody: async (target, _tree, db) => ({ taskId: await taskOf(db, target, generation) }),
      childOutcome: ErrorCode.OTA_TASK_STATE_WRONG,
    },
  ];
}

export const isolationFixtures: readonly IsolationFixture[] = OTA_GENERATIONS.flatMap(areaFixtures);

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = OTA_GENERATIONS.flatMap((generation) => {
  const calls = OTA_CALLS[generation];
  return [
    {
      call: calls.uploadFirmware,
      reason: 'stores a firmware for the current company; its product is of the platform catalog every company reads',
    },
    {
      call: calls.listFirmware,
      reason: 'lists the firmware of the current company, its subtree and its ancestors only (firmware.int.test.ts)',
    },
    { call: calls.listTasks, reason: 'lists the tasks of the current company and its sub-dealers only' },
    {
      call: calls.listUpgradeRecords,
      reason: 'lists the upgrades of devices of the current company and its sub-dealers only (rollout.int.test.ts)',
    },
  ];
});

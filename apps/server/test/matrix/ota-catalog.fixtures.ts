import {
  OTA_CATALOG_CALLS,
  OTA_GENERATIONS,
  ota4gCreateBatchTask,
  ota4gListBatchTasks,
  ota4gSetBatchEnabled,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';
import { demoProduct, insertFirmware } from './ota-records.ts';

/** Isolation fixtures of the OTA catalog: a batch upgrade task of the target company. */

async function batchOf(db: Kysely<DB>, target: MatrixNode): Promise<string> {
  const firmwareId = await insertFirmware(db, target.dealerId, 'fourG');
  const task = await db
    .insertInto('ota_tasks')
    .values({
      generation: 'fourG',
      dealer_id: target.dealerId,
      firmware_id: firmwareId,
      firmware_name: 'matrix.plcx',
      firmware_version: '9.0.0',
      rate_per_minute: 60,
      max_downloading: 200,
      timeout_minutes: 30,
      created_by: null,
      state: 'cancelled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await db
    .insertInto('ota_batch_tasks')
    .values({
      task_id: task.id,
      dealer_id: target.dealerId,
      product_id: await demoProduct(db),
      ota_type: 'mainboard',
      software_code: 'MX',
      enabled: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return batch.id;
}

export const isolationFixtures: readonly IsolationFixture[] = [
  {
    // Disabling an already disabled batch changes nothing visible but answers it: NOT_FOUND for another branch's.
    call: ota4gSetBatchEnabled,
    makeForeignBody: async (target, _tree, db) => ({ batchId: await batchOf(db, target), enabled: false }),
  },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  ...OTA_GENERATIONS.flatMap((generation) => [
    {
      call: OTA_CATALOG_CALLS[generation].listDevices,
      reason: "lists the devices of the current company's subtree only (catalog.int.test.ts)",
    },
    {
      call: OTA_CATALOG_CALLS[generation].listRollbacks,
      reason: "lists the rollbacks of devices of the current company's subtree only (catalog.int.test.ts)",
    },
  ]),
  { call: ota4gListBatchTasks, reason: "lists the batch tasks of the current company's subtree only" },
  {
    call: ota4gCreateBatchTask,
    reason:
      "takes a firmware the company may use: its own, its subtree's or an ancestor's, as a task does; another branch's answers NOT_FOUND (catalog.int.test.ts)",
  },
];

import { listAbnormalDevices, listFaults, repairFault } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of faultDeviceManage and abnormalDeviceManage: a fault of a device owned by the target company. */

const box = secretBox(loadConfig({}).deviceSecretKey);

async function openFaultOf(db: Kysely<DB>, target: MatrixNode): Promise<string> {
  const deviceId = await newDevice(db, target.dealerId, box);
  const row = await db
    .insertInto('device_faults')
    .values({
      device_id: deviceId,
      address: 30,
      fault_code: 'E01',
      level: 2,
      fault_type: 'light',
      opened_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const isolationFixtures: readonly IsolationFixture[] = [
  { call: repairFault, makeForeignBody: async (target, _tree, db) => ({ faultId: await openFaultOf(db, target) }) },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  {
    call: listFaults,
    reason:
      "lists the faults of the subtree's devices only, at the levels the caller's roles may view (device-faults.int.test.ts)",
  },
  { call: listAbnormalDevices, reason: "lists the subtree's devices only (device-faults.int.test.ts)" },
];

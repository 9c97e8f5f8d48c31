import {
  faultNow,
  getAddDeviceByDay,
  getAddressHistoryValue,
  getDealersStats,
  getDeviceAuditNum,
  getDeviceRatio,
  getOnlineDeviceNumber,
  getPointPosition,
  queryImportantDevice,
  updateImportantStatus,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of the home dashboard (issue 21): each device read or follow names a device of the target. */

const box = secretBox(loadConfig({}).deviceSecretKey);

async function foreignDevice(db: Kysely<DB>, target: MatrixNode): Promise<{ id: string; code: string }> {
  const id = await newDevice(db, target.dealerId, box);
  const row = await db.selectFrom('devices').select('device_code').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, code: row.device_code };
}

const history = { startTime: '2026-11-01T00:00:00Z', endTime: '2026-11-02T00:00:00Z', addressList: [13] };

export const isolationFixtures: readonly IsolationFixture[] = [
  {
    call: updateImportantStatus,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: (await foreignDevice(db, target)).id, isImportant: 1 }),
    verifyUnchanged: async (target, db) => {
      const followed = await db
        .selectFrom('device_favourites as f')
        .innerJoin('devices as d', 'd.id', 'f.device_id')
        .select('f.device_id')
        .where('d.dealer_id', '=', target.dealerId)
        .execute();
      if (followed.length > 0) throw new Error('a foreign device was followed');
    },
  },
  {
    call: faultNow,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: (await foreignDevice(db, target)).id }),
  },
  {
    call: faultNow,
    makeForeignBody: async (target, _tree, db) => ({ deviceCode: (await foreignDevice(db, target)).code }),
  },
  {
    call: getPointPosition,
    makeForeignBody: async (target, _tree, db) => ({ deviceCode: (await foreignDevice(db, target)).code }),
  },
  {
    call: getAddressHistoryValue,
    makeForeignBody: async (target, _tree, db) => ({ deviceCode: (await foreignDevice(db, target)).code, ...history }),
  },
];

const ownSubtree = (figure: string) =>
  `counts ${figure} of the current company's subtree only (dashboard-figures.int.test.ts)`;

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  { call: getDealersStats, reason: ownSubtree('the devices and online devices') },
  { call: getAddDeviceByDay, reason: ownSubtree('the devices added per day') },
  { call: getDeviceAuditNum, reason: ownSubtree('the devices activated per day') },
  { call: getOnlineDeviceNumber, reason: ownSubtree('the online devices per day') },
  { call: getDeviceRatio, reason: ownSubtree('the devices per product') },
  {
    call: queryImportantDevice,
    reason:
      "lists the caller's followed devices that lie in the current company's subtree (dashboard-device-reads.int.test.ts)",
  },
];

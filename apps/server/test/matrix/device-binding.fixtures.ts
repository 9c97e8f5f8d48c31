import {
  addMacs,
  allocateMac,
  bindSn,
  confirmMac,
  deleteMac,
  ErrorCode,
  listMacs,
  listSnBindings,
  releaseMac,
  unbindSn,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import type { MacState } from '../../src/db/schema-device-binding.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of barcode binding and MAC mapping: each addresses a device or MAC of the target company. */

const box = secretBox(loadConfig({}).deviceSecretKey);
let sequence = 0;
const unique = (): string => `${Date.now().toString(36).toUpperCase()}${(sequence += 1)}`;
const sn = (): string => `MX-SN-${unique()}`;
function mac(): string {
  sequence += 1;
  const bytes = [
    0x5c,
    (Date.now() >> 8) & 0xff,
    Date.now() & 0xff,
    (sequence >> 16) & 0xff,
    (sequence >> 8) & 0xff,
    sequence & 0xff,
  ];
  return bytes.map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** A device of the target: its id and IoT code; with a barcode when asked. */
async function deviceOf(db: Kysely<DB>, target: MatrixNode, barcode = '') {
  const deviceId = await newDevice(db, target.dealerId, box);
  const row = await db
    .updateTable('devices')
    .set({ sn: barcode })
    .where('id', '=', deviceId)
    .returning('device_code')
    .executeTakeFirstOrThrow();
  return { deviceId, deviceCode: row.device_code };
}

/** A MAC held by the target, allocated to a device of the target unless undistributed. */
async function macOf(db: Kysely<DB>, target: MatrixNode, state: MacState = 'undistributed'): Promise<string> {
  const deviceId = state === 'undistributed' ? null : (await deviceOf(db, target)).deviceId;
  const row = await db
    .insertInto('device_macs')
    .values({ mac: mac(), owner_dealer_id: target.dealerId, state, device_id: deviceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const isolationFixtures: readonly IsolationFixture[] = [
  {
    call: bindSn,
    makeForeignBody: async (target, _tree, db) => ({ deviceCode: (await deviceOf(db, target)).deviceCode, sn: sn() }),
  },
  {
    call: unbindSn,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: (await deviceOf(db, target, sn())).deviceId }),
  },
  // A foreign MAC to a device of the caller, and the caller's own MAC to a foreign device. The child's MAC
  // is found but cannot go to the caller's device, which lies above the child (MAC_DEVICE_OUTSIDE_OWNER).
  {
    call: allocateMac,
    makeForeignBody: async (target, tree, db) => ({
      macId: await macOf(db, target),
      deviceCode: (await deviceOf(db, tree.caller)).deviceCode,
    }),
    childOutcome: ErrorCode.MAC_DEVICE_OUTSIDE_OWNER,
  },
  {
    call: allocateMac,
    makeForeignBody: async (target, tree, db) => ({
      macId: await macOf(db, tree.caller),
      deviceCode: (await deviceOf(db, target)).deviceCode,
    }),
  },
  { call: confirmMac, makeForeignBody: async (target, _tree, db) => ({ macId: await macOf(db, target, 'occupied') }) },
  { call: releaseMac, makeForeignBody: async (target, _tree, db) => ({ macId: await macOf(db, target, 'succeeded') }) },
  { call: deleteMac, makeForeignBody: async (target, _tree, db) => ({ macId: await macOf(db, target) }) },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  {
    call: listSnBindings,
    reason: 'lists the devices of the current company and its sub-dealers only (sn-binding.int.test.ts)',
  },
  {
    call: listMacs,
    reason: 'lists the MAC addresses of the current company and its sub-dealers only (mac-mapping.int.test.ts)',
  },
  {
    call: addMacs,
    reason:
      'adds addresses held by the current company; an address held anywhere is refused as taken (mac-mapping.int.test.ts)',
  },
];

import {
  addDevice, deleteDevice, getDevice, getDeviceValues, getPointHistory, listDeviceFaults, listDevicePackets, listDeviceRefusals, listDevices,
  listDeviceStatusHistory, resetDeviceSecret, updateDevice,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice, newProduct } from '../factories.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of the device registry: each addresses a device owned by the target company. */

const box = secretBox(loadConfig({}).deviceSecretKey);
let sequence = 0;
const deviceCode = () => `MX-DEV-${Date.now().toString(36)}-${(sequence += 1)}`;
const deviceOf = (db: Kysely<DB>, target: MatrixNode) => newDevice(db, target.dealerId, box);

export const isolationFixtures: readonly IsolationFixture[] = [
  { call: addDevice, makeForeignBody: async (target, _tree, db) => ({ deviceCode: deviceCode(), deviceName: 'Matrix device', productId: await newProduct(db), ownerDealerId: target.dealerId }) },
  { call: getDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: updateDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target), version: 1, deviceName: 'Edited device' }) },
  { call: deleteDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: resetDeviceSecret, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: getDeviceValues, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  {
    call: getPointHistory,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target), startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z', addressList: [13] }),
  },
  { call: listDeviceFaults, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: listDeviceStatusHistory, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: listDeviceRefusals, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: listDevicePackets, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  { call: listDevices, reason: 'lists the devices of the current company and its sub-dealers only (subtree filtering tested in devices.int.test.ts)' },
];

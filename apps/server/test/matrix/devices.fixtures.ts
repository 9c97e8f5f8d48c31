import {
  activateDevice,
  addDevice,
  deleteDevice,
  deviceImportTemplate,
  disableDevice,
  enableDevice,
  ErrorCode,
  getDevice,
  getDeviceThingModel,
  getDeviceValues,
  getPointHistory,
  importDevices,
  listDeviceFaults,
  listDeviceOperations,
  listDevicePackets,
  listDeviceRefusals,
  listDevices,
  listDeviceStatusHistory,
  lockDevice,
  moveDevices,
  resetDeviceSecret,
  setDevicePointValues,
  unlockDevice,
  updateDevice,
  addDeviceChild,
  countDevices,
  listFilterPoints,
  deleteDevices,
  lockDevices,
  unlockDevices,
  followDevices,
  unfollowDevices,
  listFavouriteDevices,
  startDeviceExport,
  getDeviceExport,
  listDeviceChildren,
  openDeviceEvents,
  removeDeviceChild,
  revealProductSecret,
  setDynamicRegistration,
  getDeviceValuesAt,
  exportPointHistory,
  listDeviceTraffic,
  getDeviceCustomer,
  allocateDeviceCustomer,
  listMoveTargets,
  listCustomerTargets,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import { insertCustomer } from '../../src/db/seed/people-records.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { freshPhone } from '../people-setup.ts';
import { newDevice, newProduct } from '../factories.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of the device registry: each addresses a device owned by the target company. */

const box = secretBox(loadConfig({}).deviceSecretKey);
let sequence = 0;
const deviceCode = () => `MX-DEV-${Date.now().toString(36)}-${(sequence += 1)}`;
const deviceOf = (db: Kysely<DB>, target: MatrixNode) => newDevice(db, target.dealerId, box);
const customerOf = (db: Kysely<DB>, target: MatrixNode) =>
  insertCustomer(db, {
    ownerDealerId: target.dealerId,
    phone: freshPhone(),
    userName: 'Matrix customer',
    password: 'Matrix2024',
  });

export const isolationFixtures: readonly IsolationFixture[] = [
  {
    call: addDevice,
    makeForeignBody: async (target, _tree, db) => ({
      deviceCode: deviceCode(),
      deviceName: 'Matrix device',
      productId: await newProduct(db),
      ownerDealerId: target.dealerId,
    }),
  },
  { call: getDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  {
    call: updateDevice,
    makeForeignBody: async (target, _tree, db) => ({
      deviceId: await deviceOf(db, target),
      version: 1,
      deviceName: 'Edited device',
    }),
  },
  { call: deleteDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: resetDeviceSecret, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  // Commands: the child's device is found and then refused as offline (never connected); foreign ones are not found, nothing is logged.
  {
    call: setDevicePointValues,
    makeForeignBody: async (target, _tree, db) => ({
      deviceId: await deviceOf(db, target),
      values: [{ address: 1, value: 1 }],
    }),
    childOutcome: ErrorCode.DEVICE_OFFLINE,
  },
  {
    call: activateDevice,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target), skipAudit: true }),
    childOutcome: ErrorCode.DEVICE_OFFLINE,
  },
  {
    call: lockDevice,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }),
    childOutcome: ErrorCode.DEVICE_OFFLINE,
  },
  {
    call: unlockDevice,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }),
    childOutcome: ErrorCode.DEVICE_OFFLINE,
  },
  {
    call: listDeviceOperations,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }),
  },
  // Move: a foreign device to the caller's company, and the caller's device to a foreign dealer.
  {
    call: moveDevices,
    makeForeignBody: async (target, tree, db) => ({
      deviceIds: [await deviceOf(db, target)],
      targetDealerId: tree.caller.dealerId,
    }),
  },
  {
    call: moveDevices,
    makeForeignBody: async (target, tree, db) => ({
      deviceIds: [await deviceOf(db, tree.caller)],
      targetDealerId: target.dealerId,
    }),
  },
  { call: disableDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: enableDevice, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  { call: getDeviceValues, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  {
    call: getPointHistory,
    makeForeignBody: async (target, _tree, db) => ({
      deviceId: await deviceOf(db, target),
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-02T00:00:00Z',
      addressList: [13],
    }),
  },
  { call: getDeviceCustomer, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  // Allocation to a customer: a foreign device to its own company's customer, and the caller's device to a foreign customer.
  {
    call: allocateDeviceCustomer,
    makeForeignBody: async (target, _tree, db) => ({
      deviceId: await deviceOf(db, target),
      customerId: await customerOf(db, target),
    }),
  },
  {
    call: allocateDeviceCustomer,
    makeForeignBody: async (target, tree, db) => ({
      deviceId: await deviceOf(db, tree.caller),
      customerId: await customerOf(db, target),
    }),
  },
  {
    call: getDeviceThingModel,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }),
  },
  { call: listDeviceFaults, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  {
    call: listDeviceStatusHistory,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }),
  },
  {
    call: listDeviceRefusals,
    makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }),
  },
  { call: listDevicePackets, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  {
    call: getDeviceValuesAt,
    makeForeignBody: async (target, _tree, db) => ({
      deviceId: await deviceOf(db, target),
      time: '2026-01-01T00:00:00Z',
    }),
  },
  {
    call: exportPointHistory,
    makeForeignBody: async (target, _tree, db) => ({
      deviceId: await deviceOf(db, target),
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-02T00:00:00Z',
      addressList: [13],
    }),
  },
  { call: listDeviceTraffic, makeForeignBody: async (target, _tree, db) => ({ deviceId: await deviceOf(db, target) }) },
  {
    call: addDeviceChild,
    makeForeignBody: async (target, _tree, db) => ({
      gatewayId: await deviceOf(db, target),
      childId: await deviceOf(db, target),
    }),
  },
  {
    call: removeDeviceChild,
    makeForeignBody: async (target, _tree, db) => {
      const [gatewayId, childId] = [await deviceOf(db, target), await deviceOf(db, target)];
      await db
        .insertInto('device_topology')
        .values({ gateway_device_id: gatewayId, child_device_id: childId })
        .execute();
      return { gatewayId, childId };
    },
  },
  {
    call: listDeviceChildren,
    makeForeignBody: async (target, _tree, db) => ({ gatewayId: await deviceOf(db, target) }),
  },
  // Selections: one foreign device among the caller's own refuses the whole selection.
  {
    call: deleteDevices,
    makeForeignBody: async (target, tree, db) => ({
      deviceIds: [await deviceOf(db, tree.caller), await deviceOf(db, target)],
    }),
  },
  {
    call: lockDevices,
    makeForeignBody: async (target, tree, db) => ({
      deviceIds: [await deviceOf(db, tree.caller), await deviceOf(db, target)],
    }),
  },
  { call: unlockDevices, makeForeignBody: async (target, _tree, db) => ({ deviceIds: [await deviceOf(db, target)] }) },
  { call: followDevices, makeForeignBody: async (target, _tree, db) => ({ deviceIds: [await deviceOf(db, target)] }) },
  {
    call: unfollowDevices,
    makeForeignBody: async (target, _tree, db) => ({ deviceIds: [await deviceOf(db, target)] }),
  },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  {
    call: listFilterPoints,
    reason:
      'products are platform catalog data that every company reads (productOptions); a point list names no company record',
  },
  {
    call: countDevices,
    reason: 'counts the devices of the current company and its sub-dealers only (device-list-actions.int.test.ts)',
  },
  {
    call: listFavouriteDevices,
    reason: "lists the caller's own favourites that lie in the subtree (device-list-actions.int.test.ts)",
  },
  {
    call: startDeviceExport,
    reason: 'exports the devices of the current company and its sub-dealers only (device-list-actions.int.test.ts)',
  },
  {
    call: getDeviceExport,
    reason:
      "a job is found only for the user and company that started it; another's answers NOT_FOUND (device-list-actions.int.test.ts)",
  },
  {
    call: listDevices,
    reason:
      'lists the devices of the current company and its sub-dealers only (subtree filtering tested in devices.int.test.ts)',
  },
  {
    call: importDevices,
    reason:
      'creates devices for the company or the dealers of its subtree named by code; a foreign dealer code is refused on its row (import.int.test.ts)',
  },
  { call: deviceImportTemplate, reason: 'answers an empty sheet; addresses no record' },
  {
    call: setDynamicRegistration,
    reason: 'products are platform catalog data, changed at level 0 only (platformRefusal; registration.int.test.ts)',
  },
  {
    call: revealProductSecret,
    reason:
      'products are platform catalog data, read and reset at level 0 only (platformRefusal; registration.int.test.ts)',
  },
  {
    call: listMoveTargets,
    reason:
      'answers the current company and the dealers of its subtree only, id, name and code (allocation-targets.int.test.ts)',
  },
  {
    call: listCustomerTargets,
    reason: 'answers the end customers owned in the subtree only, id, name and phone (allocation-targets.int.test.ts)',
  },
  {
    call: openDeviceEvents,
    reason:
      "device ids only narrow a stream that carries the subtree's events only (a foreign id receives nothing: live-events.int.test.ts)",
  },
];

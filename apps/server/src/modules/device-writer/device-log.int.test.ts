import {
  addDevice,
  addDeviceChild,
  addMacs,
  allocateDeviceCustomer,
  allocateMac,
  bindSn,
  Button,
  confirmMac,
  deleteCustomer,
  deleteDevice,
  deleteDevices,
  disableDevice,
  enableDevice,
  listDeviceOperations,
  moveDevices,
  releaseMac,
  removeDeviceChild,
  resetDeviceSecret,
  unbindSn,
  updateDevice,
  type CallDef,
  type DeviceOperation,
} from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { insertCustomer } from '../../db/seed/people-records.ts';
import { newDealer, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshPhone } from '../../../test/people-setup.ts';
import { secretBox } from '../devices/secret-box.ts';
import { registerDevice, registrationSign } from '../registration/register.ts';

/**
 * SECURITY.md "Every change to a device is logged": each call that changes a device or its bindings
 * leaves exactly one operation log entry on the device, with the operator, the action, the fields
 * changed (old and new, never a secret) and the outcome, written in the change's transaction.
 */

const env = {} as {
  t: TestApp;
  P: string;
  A: string;
  A1: string;
  productId: string;
  caller: { sessionid: string; dealersId: string };
};
const box = secretBox(loadConfig({}).deviceSecretKey);
const OPERATOR = 'Operator Zhao';

beforeAll(async () => {
  env.t = await startTestApp();
  env.P = await newDealer(env.t.db, { level: 0, name: 'Platform' });
  env.A = await newDealer(env.t.db, { parentId: env.P, level: 1, name: 'Dealer A' });
  env.A1 = await newDealer(env.t.db, { parentId: env.A, level: 2, name: 'Dealer A1' });
  env.productId = await newProduct(env.t.db);
  const user = await newUser(env.t.db, { realName: OPERATOR });
  await newMember(env.t.db, env.A, user.id, [
    Button.DEVICES,
    Button.DEVICE_ACTIVATE,
    Button.DEVICE_MOVE,
    Button.SN_BOUND,
    Button.MAC,
    Button.DEVICE_TOPOLOGY,
    Button.CUSTOMERS,
  ]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

async function ok<T = unknown>(def: CallDef, payload: Record<string, unknown>): Promise<T> {
  const answer = await call<T>(env.t.app, def, payload, env.caller);
  expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.objectResult as T;
}
const log = async (deviceId: string, language = 'en_US') =>
  (
    await call<{ list: DeviceOperation[] }>(
      env.t.app,
      listDeviceOperations,
      { deviceId, pageIndex: 1, pageSize: 50 },
      { ...env.caller, language },
    )
  ).body.objectResult!.list;
/** The stored entries of a device (also of a deleted one), oldest first. */
const stored = (deviceId: string) =>
  env.t.db.selectFrom('device_operations').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
const device = async () => {
  const deviceId = await newDevice(env.t.db, env.A1, box, env.productId);
  const row = await env.t.db
    .selectFrom('devices')
    .select(['device_code', 'device_name'])
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return { deviceId, deviceCode: row.device_code, deviceName: row.device_name };
};
const dealerName = async (id: string) => {
  const row = await env.t.db
    .selectFrom('dealers')
    .select(['name', 'code'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return `${row.name} (${row.code})`;
};
const applied = { outcome: 'applied', operatorName: OPERATOR, points: [] };
let sequence = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(sequence += 1)}`;

describe('every change to a device is in its operation log', () => {
  it('add: the new device with its fields, the owner and product by name; never the secret', async () => {
    const added = await ok<{ deviceId: string; deviceSecret: string }>(addDevice, {
      deviceCode: unique('LOG-'),
      deviceName: 'Pump 1',
      productId: env.productId,
      sn: unique('SN-'),
      model: 'M1',
      address: 'Ningbo',
      ownerDealerId: env.A1,
    });
    const [entry, ...more] = await log(added.deviceId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ ...applied, action: 'add' });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'deviceName', from: null, to: 'Pump 1' },
        { field: 'model', from: null, to: 'M1' },
        { field: 'address', from: null, to: 'Ningbo' },
        { field: 'owner', from: null, to: await dealerName(env.A1) },
        expect.objectContaining({ field: 'product', from: null }),
      ]),
    );
    expect(JSON.stringify(await stored(added.deviceId))).not.toContain(added.deviceSecret);
  });

  it('update: only the fields that changed, old and new; a stale version changes and logs nothing', async () => {
    const d = await device();
    await ok(updateDevice, { deviceId: d.deviceId, version: 1, deviceName: 'Renamed', model: 'M2' });
    expect(await log(d.deviceId)).toMatchObject([
      {
        ...applied,
        action: 'update',
        changes: [
          { field: 'deviceName', from: d.deviceName, to: 'Renamed' },
          { field: 'model', from: '', to: 'M2' },
        ],
      },
    ]);
    expect(
      (await call(env.t.app, updateDevice, { deviceId: d.deviceId, version: 1, deviceName: 'Lost' }, env.caller)).body
        .error_code,
    ).not.toBe(0);
    expect(await stored(d.deviceId)).toHaveLength(1);
  });

  it('disable and enable: the flag, old and new', async () => {
    const d = await device();
    await ok(disableDevice, { deviceId: d.deviceId });
    await ok(enableDevice, { deviceId: d.deviceId });
    expect(await log(d.deviceId)).toMatchObject([
      { ...applied, action: 'enable', changes: [{ field: 'disabled', from: true, to: false }] },
      { ...applied, action: 'disable', changes: [{ field: 'disabled', from: false, to: true }] },
    ]);
  });

  it('resetSecret: that it happened, without any field or the secret', async () => {
    const d = await device();
    const { deviceSecret } = await ok<{ deviceSecret: string }>(resetDeviceSecret, { deviceId: d.deviceId });
    expect(await log(d.deviceId)).toMatchObject([{ ...applied, action: 'resetSecret', changes: [], summary: '' }]);
    const rows = await stored(d.deviceId);
    expect(JSON.stringify(rows)).not.toContain(deviceSecret);
    expect(rows[0]!.request).toEqual({});
  });

  it('allocateCustomer: the customer before and after by name, also when taken back', async () => {
    const d = await device();
    const customer = await insertCustomer(env.t.db, {
      ownerDealerId: env.A1,
      phone: freshPhone(),
      userName: 'Li Si',
      password: 'Customer2024',
    });
    await ok(allocateDeviceCustomer, { deviceId: d.deviceId, customerId: customer });
    await ok(allocateDeviceCustomer, { deviceId: d.deviceId, customerId: '' });
    expect(await log(d.deviceId)).toMatchObject([
      { ...applied, action: 'allocateCustomer', changes: [{ field: 'customer', from: 'Li Si', to: null }] },
      { ...applied, action: 'allocateCustomer', changes: [{ field: 'customer', from: null, to: 'Li Si' }] },
    ]);
  });

  it("deleting a customer's account takes its devices back, each in its log", async () => {
    const d = await device();
    const customer = await insertCustomer(env.t.db, {
      ownerDealerId: env.A1,
      phone: freshPhone(),
      userName: 'Wang Wu',
      password: 'Customer2024',
    });
    await ok(allocateDeviceCustomer, { deviceId: d.deviceId, customerId: customer });
    await ok(deleteCustomer, { customerId: customer });
    expect(await log(d.deviceId)).toMatchObject([
      { ...applied, action: 'allocateCustomer', changes: [{ field: 'customer', from: 'Wang Wu', to: null }] },
      { ...applied, action: 'allocateCustomer', changes: [{ field: 'customer', from: null, to: 'Wang Wu' }] },
    ]);
  });

  it('snBinding bind and unbind: the barcode, old and new; a refused bind logs nothing', async () => {
    const d = await device();
    const other = await device();
    const sn = unique('SN-');
    await ok(bindSn, { deviceCode: d.deviceCode, sn });
    expect((await call(env.t.app, bindSn, { deviceCode: other.deviceCode, sn }, env.caller)).body.error_code).not.toBe(
      0,
    );
    await ok(unbindSn, { deviceId: d.deviceId });
    expect(await log(d.deviceId)).toMatchObject([
      { ...applied, action: 'unbindSn', changes: [{ field: 'sn', from: sn, to: '' }] },
      { ...applied, action: 'bindSn', changes: [{ field: 'sn', from: '', to: sn }] },
    ]);
    expect(await stored(other.deviceId)).toEqual([]);
  });

  it('MAC allocation, confirmation and release: the MAC on the device; adding free MACs logs on no device', async () => {
    const d = await device();
    const octet = () =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0')
        .toUpperCase();
    const mac = ['0A', octet(), octet(), octet(), octet(), octet()].join(':');
    await ok(addMacs, { macs: [mac] });
    const macId = (
      await env.t.db.selectFrom('device_macs').select('id').where('mac', '=', mac).executeTakeFirstOrThrow()
    ).id;
    await ok(allocateMac, { macId, deviceCode: d.deviceCode });
    await ok(confirmMac, { macId });
    await ok(releaseMac, { macId });
    expect(await log(d.deviceId)).toMatchObject([
      { ...applied, action: 'releaseMac', changes: [{ field: 'mac', from: mac, to: null }] },
      { ...applied, action: 'confirmMac', changes: [], summary: mac },
      { ...applied, action: 'allocateMac', changes: [{ field: 'mac', from: null, to: mac }] },
    ]);
  });

  it('topology add and remove: the gateway on the child', async () => {
    const gateway = await device();
    const child = await device();
    await ok(addDeviceChild, { gatewayId: gateway.deviceId, childId: child.deviceId });
    await ok(removeDeviceChild, { gatewayId: gateway.deviceId, childId: child.deviceId });
    expect(await log(child.deviceId)).toMatchObject([
      { ...applied, action: 'removeChild', changes: [{ field: 'gateway', from: gateway.deviceCode, to: null }] },
      { ...applied, action: 'addChild', changes: [{ field: 'gateway', from: null, to: gateway.deviceCode }] },
    ]);
  });

  it('move: the owner, old and new, by name', async () => {
    const d = await device();
    await ok(moveDevices, { deviceIds: [d.deviceId], targetDealerId: env.A });
    expect(await log(d.deviceId)).toMatchObject([
      {
        ...applied,
        action: 'move',
        changes: [{ field: 'owner', from: await dealerName(env.A1), to: await dealerName(env.A) }],
      },
    ]);
  });

  it('delete, one and a selection: the deletion stays in the log of the deleted device', async () => {
    const [one, two, three] = [await device(), await device(), await device()];
    await ok(deleteDevice, { deviceId: one.deviceId });
    await ok(deleteDevices, { deviceIds: [two.deviceId, three.deviceId] });
    for (const d of [one, two, three]) {
      expect(await stored(d.deviceId)).toMatchObject([
        { action: 'delete', outcome: 'applied', operator_name: OPERATOR, device_code: d.deviceCode, changes: [] },
      ]);
    }
  });

  it('dynamic registration: the device registering itself, with no person named', async () => {
    const productSecret = 'product-secret-for-log';
    const product = await env.t.db
      .updateTable('products')
      .set({ dynamic_registration: true, product_secret_box: box.seal(productSecret) })
      .where('id', '=', env.productId)
      .returning('product_key')
      .executeTakeFirstOrThrow();
    const request = { productKey: product.product_key, deviceCode: unique('DYN-'), random: unique('r') };
    const { deviceSecret } = await registerDevice(
      env.t.db,
      box,
      { ...request, sign: registrationSign(productSecret, request) },
      300,
    );
    const deviceId = (
      await env.t.db
        .selectFrom('devices')
        .select('id')
        .where('device_code', '=', request.deviceCode)
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await stored(deviceId);
    expect(rows).toMatchObject([{ action: 'register', outcome: 'applied', operator_id: null, operator_name: '' }]);
    expect(rows[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'deviceName', from: null, to: request.deviceCode }]),
    );
    expect(JSON.stringify(rows)).not.toContain(deviceSecret);
  });

  it('writes the change and its entry in one transaction: a log that cannot be written leaves the device as it was', async () => {
    const d = await device();
    await sql`create function refuse_device_log() returns trigger language plpgsql as $$ begin raise exception 'log refused'; end $$`.execute(
      env.t.db,
    );
    await sql`create trigger refuse_device_log before insert on device_operations for each row execute function refuse_device_log()`.execute(
      env.t.db,
    );
    try {
      expect((await call(env.t.app, disableDevice, { deviceId: d.deviceId }, env.caller)).body.error_code).not.toBe(0);
      expect(
        (await call(env.t.app, updateDevice, { deviceId: d.deviceId, version: 1, deviceName: 'Unlogged' }, env.caller))
          .body.error_code,
      ).not.toBe(0);
    } finally {
      await sql`drop trigger refuse_device_log on device_operations`.execute(env.t.db);
      await sql`drop function refuse_device_log()`.execute(env.t.db);
    }
    expect(
      await env.t.db
        .selectFrom('devices')
        .select(['disabled', 'device_name', 'version'])
        .where('id', '=', d.deviceId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ disabled: false, device_name: d.deviceName, version: 1 });
  });
});

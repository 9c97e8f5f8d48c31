import {
  addButton,
  addCustomer,
  addDataType,
  addDepartment,
  addEngineer,
  addNotice,
  addPdaUser,
  addPoint,
  addProduct,
  addProtocol,
  addProtocolVersion,
  addSeries,
  Button,
  CLOUD_API,
  ErrorCode,
  listPointHistory,
  saveThingModelDraft,
  type CallDef,
  type ErrorCodeValue,
} from '@dcc/contract';
import { sql } from 'kysely';
import { newDevice, newMember, newProduct, newRole, newUser } from '../factories.ts';
import { call, type TestApp } from '../harness.ts';
import { loadConfig } from '../../src/config.ts';
import { insertDealer } from '../../src/db/seed/people.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { PROJECT_OUTCOMES } from './project-outcomes.ts';
import { DASHBOARD_OUTCOMES } from './dashboard-outcomes.ts';
import { OTA_OUTCOMES } from './ota-outcomes.ts';
import { OTA_CATALOG_OUTCOMES } from './ota-catalog-outcomes.ts';

/** What an expectation may use: the app, the company the caller acts in (level 0, every button) and its session. */
export interface MatrixContext {
  t: TestApp;
  company: string;
  options: { sessionid: string; dealersId: string };
  /** Makes a call as the caller with every button and answers its result; throws unless it succeeds. */
  api<T = Record<string, unknown>>(entry: CallDef, payload: Record<string, unknown>): Promise<T>;
}

/**
 * The outcome of a call made with its button. `body` builds a payload (it may create the records
 * it addresses first, with every button held); `expect` is the error code, success (0) unless
 * given, with `reason` saying why a call cannot succeed here.
 */
export interface PermissionOutcome {
  body?(ctx: MatrixContext): Promise<Record<string, unknown>> | Record<string, unknown>;
  expect?: ErrorCodeValue;
  reason?: string;
}

let sequence = 0;
const unique = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(sequence += 1)}`;
const phone = (): string =>
  `166${String(Date.now() % 1e5).padStart(5, '0')}${String((sequence += 1) % 1000).padStart(3, '0')}`;
const PASSWORD = { password: 'Matrix2024', confirmPassword: 'Matrix2024' };
const at = (path: string): string => `${CLOUD_API}/${path}`;

const dealerFields = () => ({
  dealersName: unique('Matrix'),
  dealersCode: unique('MX-'),
  contactName: 'Matrix Contact',
  contactPhone: phone(),
  provinceCode: '130000',
  cityCode: '130100',
});

/** A dealer under the caller's company, with an admin account that is its member with one button. */
async function childDealer(ctx: MatrixContext): Promise<string> {
  const id = await insertDealer(ctx.t.db, {
    name: unique('Child '),
    code: unique('MXC-'),
    level: 1,
    parentId: ctx.company,
  });
  const admin = await newUser(ctx.t.db);
  await newMember(ctx.t.db, id, admin.id, [Button.HOME]);
  await sql`update dealers set admin_user_id = ${admin.id} where id = ${id}`.execute(ctx.t.db);
  return id;
}

async function member(ctx: MatrixContext): Promise<string> {
  const user = await newUser(ctx.t.db);
  return (await newMember(ctx.t.db, ctx.company, user.id, [Button.HOME])).memberId;
}

const role = (ctx: MatrixContext) => newRole(ctx.t.db, ctx.company, [Button.HOME]);
const roleFields = () => ({ roleName: unique('Role'), viewLevelMax: 1, faultLevels: [0], buttonIds: [Button.HOME] });

async function button(ctx: MatrixContext): Promise<string> {
  const buttonId = unique('MX');
  await ctx.api(addButton, { buttonId, parentId: Button.SYSTEM_MANAGE, name: 'Matrix button' });
  return buttonId;
}

const notice = async (ctx: MatrixContext) =>
  (await ctx.api<{ noticeId: string }>(addNotice, { noticeTitle: unique('Matrix'), noticeBody: 'Matrix notice' }))
    .noticeId;
const customer = async (ctx: MatrixContext) =>
  (await ctx.api<{ customerId: string }>(addCustomer, { userName: 'Matrix customer', phone: phone(), ...PASSWORD }))
    .customerId;
const department = async (ctx: MatrixContext) =>
  (
    await ctx.api<{ departmentId: string }>(addDepartment, {
      departmentCode: unique('D'),
      departmentName: unique('Dept'),
      productionBase: 'Base',
    })
  ).departmentId;
const pdaUser = async (ctx: MatrixContext) =>
  (
    await ctx.api<{ pdaUserId: string }>(addPdaUser, {
      userName: unique('pda_'),
      realName: 'Matrix PDA',
      departmentId: await department(ctx),
      ...PASSWORD,
    })
  ).pdaUserId;
const engineer = async (ctx: MatrixContext) =>
  (await ctx.api<{ engineerId: string }>(addEngineer, { name: 'Matrix engineer', phone: phone(), ...PASSWORD }))
    .engineerId;

const series = async (ctx: MatrixContext) =>
  (await ctx.api<{ seriesId: string }>(addSeries, { seriesName: unique('Ser') })).seriesId;
const dataTypeFields = () => ({
  dataTypeName: unique('DT'),
  reportRule: 'x / 10',
  sendRule: 'x * 10',
  description: 'matrix',
  signed: true,
  sortOrder: 3,
});
const dataType = async (ctx: MatrixContext) =>
  (await ctx.api<{ dataTypeId: string }>(addDataType, dataTypeFields())).dataTypeId;
const protocol = async (ctx: MatrixContext) => {
  const added = await ctx.api<{ protocolId: string; versions: Array<{ versionId: string }> }>(addProtocol, {
    protocolName: 'Matrix_protocol',
    protocolCode: unique('MX'),
  });
  return { protocolId: added.protocolId, versionId: added.versions[0]!.versionId };
};
const pointFields = (address: number) => ({
  address,
  pointCode: unique('P'),
  pointName: `点位${address}`,
  mode: 'R',
  byteLength: 2,
});
const point = async (ctx: MatrixContext) => {
  const { versionId } = await protocol(ctx);
  return {
    versionId,
    pointId: (await ctx.api<{ pointId: string }>(addPoint, { versionId, point: pointFields(1) })).pointId,
  };
};
const productFields = async (ctx: MatrixContext, dataFormat: 'alink' | 'custom') => ({
  productName: unique('Pump'),
  seriesId: await series(ctx),
  networkMethod: 'wifi',
  nodeType: 'direct',
  dataFormat,
  protocolId: dataFormat === 'custom' ? (await protocol(ctx)).protocolId : '',
});
const product = async (ctx: MatrixContext, dataFormat: 'alink' | 'custom' = 'alink') =>
  (await ctx.api<{ productId: string }>(addProduct, await productFields(ctx, dataFormat))).productId;
const thingModel = {
  properties: [
    {
      identifier: 'outletTemp',
      name: 'Outlet temperature',
      accessMode: 'r',
      dataType: { type: 'float', min: -30, max: 90, step: 0.1, unit: '°C' },
    },
  ],
  events: [],
  services: [],
};

const deviceBox = secretBox(loadConfig({}).deviceSecretKey);
const device = (ctx: MatrixContext) => newDevice(ctx.t.db, ctx.company, deviceBox);
/** An open fault of a new device of the caller's company (as the ingest opens it). */
const openFault = async (ctx: MatrixContext) => {
  const row = await ctx.t.db
    .insertInto('device_faults')
    .values({
      device_id: await device(ctx),
      address: 30,
      fault_code: 'E01',
      level: 2,
      fault_type: 'light',
      opened_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
const deviceCode = async (ctx: MatrixContext) =>
  (
    await ctx.t.db
      .selectFrom('devices')
      .select('device_code')
      .where('id', '=', await device(ctx))
      .executeTakeFirstOrThrow()
  ).device_code;
const macAddress = (): string =>
  [
    '5E',
    ...((Date.now() * 1000 + (sequence += 1)) % 2 ** 40).toString(16).toUpperCase().padStart(10, '0').match(/../g)!,
  ].join(':');
const mac = async (ctx: MatrixContext, state: 'undistributed' | 'occupied' = 'undistributed') => {
  const deviceId = state === 'occupied' ? await device(ctx) : null;
  return (
    await ctx.t.db
      .insertInto('device_macs')
      .values({ mac: macAddress(), owner_dealer_id: ctx.company, state, device_id: deviceId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};

/** Every call with a button, by path: what it answers when made with its button. New calls must add a line. */
export const PERMISSION_OUTCOMES: Record<string, PermissionOutcome> = {
  // Devices
  [at('device/list')]: {},
  [at('device/add')]: {
    body: async (ctx) => ({
      deviceCode: unique('MXD-'),
      deviceName: 'Matrix device',
      productId: await newProduct(ctx.t.db),
    }),
  },
  [at('device/detail')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/update')]: {
    body: async (ctx) => ({ deviceId: await device(ctx), version: 1, deviceName: 'Edited device' }),
  },
  [at('device/delete')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/resetSecret')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  // Device commands: a new device never connected, so every command is refused as offline before anything is sent.
  [at('device/control/setValues')]: {
    body: async (ctx) => ({ deviceId: await device(ctx), values: [{ address: 1, value: 1 }] }),
    expect: ErrorCode.DEVICE_OFFLINE,
    reason: 'the device is not connected',
  },
  [at('device/control/activate')]: {
    body: async (ctx) => ({ deviceId: await device(ctx), skipAudit: true }),
    expect: ErrorCode.DEVICE_OFFLINE,
    reason: 'the device is not connected',
  },
  [at('device/control/lock')]: {
    body: async (ctx) => ({ deviceId: await device(ctx) }),
    expect: ErrorCode.DEVICE_OFFLINE,
    reason: 'the device is not connected',
  },
  [at('device/control/unlock')]: {
    body: async (ctx) => ({ deviceId: await device(ctx) }),
    expect: ErrorCode.DEVICE_OFFLINE,
    reason: 'the device is not connected',
  },
  [at('device/operationLog')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/move')]: { body: async (ctx) => ({ deviceIds: [await device(ctx)], targetDealerId: ctx.company }) },
  [at('device/import')]: {
    expect: ErrorCode.IMPORT_FILE_INVALID,
    reason: 'an upload: a JSON body carries no file (import.int.test.ts sends files)',
  },
  [at('device/importTemplate')]: {},
  [at('device/disable')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/enable')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/pointValues')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/pointHistory')]: {
    body: async (ctx) => ({
      deviceId: await device(ctx),
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-02T00:00:00Z',
      addressList: [13],
    }),
  },
  [at('device/faults')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/thingModel')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('deviceFault/list')]: {},
  [at('deviceFault/repair')]: { body: async (ctx) => ({ faultId: await openFault(ctx) }) },
  [at('device/abnormalList')]: {},
  [at('device/customer')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/allocateCustomer')]: {
    body: async (ctx) => ({ deviceId: await device(ctx), customerId: await customer(ctx) }),
  },
  [at('device/moveTargets')]: {},
  [at('device/customerTargets')]: {},
  [at('device/statusHistory')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/refusals')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/packets')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/pointValuesAt')]: {
    body: async (ctx) => ({ deviceId: await device(ctx), time: '2026-01-01T00:00:00Z' }),
  },
  [at('device/pointHistory/export')]: {
    body: async (ctx) => ({
      deviceId: await device(ctx),
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-02T00:00:00Z',
      addressList: [13],
    }),
  },
  [at('device/traffic')]: { body: async (ctx) => ({ deviceId: await device(ctx) }) },
  [at('device/eventsTicket')]: {},
  [at('device/count')]: {},
  [at('device/filterPoints')]: { body: async (ctx) => ({ productId: await newProduct(ctx.t.db) }) },
  [at('device/batchDelete')]: { body: async (ctx) => ({ deviceIds: [await device(ctx), await device(ctx)] }) },
  // A new device never connected: each is answered 'rejected' (offline) and nothing is sent.
  [at('device/control/batchLock')]: { body: async (ctx) => ({ deviceIds: [await device(ctx)] }) },
  [at('device/control/batchUnlock')]: { body: async (ctx) => ({ deviceIds: [await device(ctx)] }) },
  [at('device/favourite/add')]: { body: async (ctx) => ({ deviceIds: [await device(ctx)] }) },
  [at('device/favourite/remove')]: { body: async (ctx) => ({ deviceIds: [await device(ctx)] }) },
  [at('device/favourite/list')]: {},
  [at('device/export/start')]: {},
  [at('device/export/progress')]: {
    body: () => ({ jobId: 'no-such-job' }),
    expect: ErrorCode.NOT_FOUND,
    reason: 'a job id is answered by export/start to its caller only (device-list-actions.int.test.ts)',
  },
  [at('device/topology/add')]: { body: async (ctx) => ({ gatewayId: await device(ctx), childId: await device(ctx) }) },
  [at('device/topology/remove')]: {
    body: async (ctx) => {
      const [gatewayId, childId] = [await device(ctx), await device(ctx)];
      await ctx.t.db
        .insertInto('device_topology')
        .values({ gateway_device_id: gatewayId, child_device_id: childId })
        .execute();
      return { gatewayId, childId };
    },
  },
  [at('product/dynamicRegistration')]: {
    body: async (ctx) => ({ productId: await newProduct(ctx.t.db), enabled: true }),
  },
  [at('product/secret')]: { body: async (ctx) => ({ productId: await newProduct(ctx.t.db) }) },
  [at('device/topology/children')]: { body: async (ctx) => ({ gatewayId: await device(ctx) }) },
  // Barcode binding and MAC mapping
  [at('snBinding/list')]: {},
  [at('snBinding/bind')]: {
    body: async (ctx) => ({ deviceCode: await deviceCode(ctx), sn: unique('MX-SN-').toUpperCase() }),
  },
  [at('snBinding/unbind')]: {
    body: async (ctx) => {
      const deviceId = await device(ctx);
      await ctx.t.db
        .updateTable('devices')
        .set({ sn: unique('MX-SN-').toUpperCase() })
        .where('id', '=', deviceId)
        .execute();
      return { deviceId };
    },
  },
  [at('mac/list')]: {},
  [at('mac/add')]: { body: () => ({ macs: [macAddress()] }) },
  [at('mac/allocate')]: { body: async (ctx) => ({ macId: await mac(ctx), deviceCode: await deviceCode(ctx) }) },
  [at('mac/confirm')]: { body: async (ctx) => ({ macId: await mac(ctx, 'occupied') }) },
  [at('mac/release')]: { body: async (ctx) => ({ macId: await mac(ctx, 'occupied') }) },
  [at('mac/delete')]: { body: async (ctx) => ({ macId: await mac(ctx) }) },
  // Dealers
  [at('dealers/list')]: {},
  [at('dealers/addDealers')]: { body: (ctx) => ({ parentId: ctx.company, ...dealerFields() }) },
  [at('dealers/dealersDetail')]: { body: async (ctx) => ({ id: await childDealer(ctx) }) },
  [at('dealers/editDealers')]: { body: async (ctx) => ({ id: await childDealer(ctx), version: 1, ...dealerFields() }) },
  [at('dealers/setEnabled')]: { body: async (ctx) => ({ id: await childDealer(ctx), enabled: false }) },
  // A dealer with no member and no sub-dealer.
  [at('dealers/delete')]: {
    body: async (ctx) => ({
      id: await insertDealer(ctx.t.db, {
        name: unique('Empty '),
        code: unique('MXE-'),
        level: 1,
        parentId: ctx.company,
      }),
    }),
  },
  [at('dealers/handOver')]: {
    body: async (ctx) => {
      const from = await childDealer(ctx);
      await insertDealer(ctx.t.db, { name: unique('Moved '), code: unique('MXM-'), level: 2, parentId: from });
      return { id: from, toId: await childDealer(ctx) };
    },
  },
  [at('dealers/getSaleScope')]: { body: async (ctx) => ({ id: await childDealer(ctx) }) },
  [at('dealers/setSaleScope')]: { body: async (ctx) => ({ id: await childDealer(ctx), areas: ['110000'] }) },
  [at('dealers/randomPassword')]: { body: async (ctx) => ({ id: await childDealer(ctx) }) },
  [at('dealers/devices')]: { body: async (ctx) => ({ id: await childDealer(ctx) }) },
  [at('dealers/projects')]: { body: async (ctx) => ({ id: await childDealer(ctx) }) },
  // Members and roles
  [at('member/list')]: {},
  [at('member/checkPhone')]: { body: () => ({ phone: phone() }) },
  [at('member/add')]: {
    body: async (ctx) => ({
      phone: phone(),
      realName: 'Matrix Member',
      createAccount: true,
      roleIds: [await role(ctx)],
    }),
  },
  [at('member/edit')]: {
    body: async (ctx) => ({ memberId: await member(ctx), version: 1, roleIds: [await role(ctx)] }),
  },
  [at('member/remove')]: { body: async (ctx) => ({ memberId: await member(ctx) }) },
  [at('role/list')]: {},
  [at('role/add')]: { body: () => roleFields() },
  [at('role/edit')]: { body: async (ctx) => ({ roleId: await role(ctx), version: 1, ...roleFields() }) },
  [at('role/delete')]: { body: async (ctx) => ({ roleId: await role(ctx) }) },
  [at('role/buttonTree')]: {},
  // Permission buttons (the level-0 company changes them)
  [at('button/tree')]: {},
  [at('button/add')]: {
    body: () => ({ buttonId: unique('MX'), parentId: Button.SYSTEM_MANAGE, name: 'Matrix button' }),
  },
  [at('button/rename')]: { body: async (ctx) => ({ buttonId: await button(ctx), name: 'Renamed button' }) },
  [at('button/move')]: { body: async (ctx) => ({ buttonId: await button(ctx), parentId: Button.DEALER_MANAGE }) },
  [at('button/delete')]: {
    body: async (ctx) => {
      const buttonId = await button(ctx);
      return { buttonId, deleteWord: buttonId };
    },
  },
  // Notices
  [at('notice/list')]: {},
  [at('notice/add')]: { body: () => ({ noticeTitle: unique('Matrix'), noticeBody: 'Matrix notice' }) },
  [at('notice/update')]: {
    body: async (ctx) => ({
      noticeId: await notice(ctx),
      version: 1,
      noticeTitle: unique('Edited'),
      noticeBody: 'Edited notice',
    }),
  },
  [at('notice/delete')]: { body: async (ctx) => ({ noticeId: await notice(ctx), version: 1 }) },
  // End customers, PDA users, departments, engineers, account log
  [at('customer/list')]: {},
  [at('customer/add')]: { body: () => ({ userName: 'Matrix customer', phone: phone(), ...PASSWORD }) },
  [at('customer/update')]: {
    body: async (ctx) => ({ customerId: await customer(ctx), userName: 'Edited customer', phone: phone() }),
  },
  [at('customer/resetPassword')]: { body: async (ctx) => ({ customerId: await customer(ctx), ...PASSWORD }) },
  [at('customer/lock')]: { body: async (ctx) => ({ customerId: await customer(ctx) }) },
  [at('customer/unlock')]: { body: async (ctx) => ({ customerId: await customer(ctx) }) },
  [at('customer/delete')]: { body: async (ctx) => ({ customerId: await customer(ctx) }) },
  [at('pdaUser/list')]: {},
  [at('pdaUser/add')]: {
    body: async (ctx) => ({
      userName: unique('pda_'),
      realName: 'Matrix PDA',
      departmentId: await department(ctx),
      ...PASSWORD,
    }),
  },
  [at('pdaUser/update')]: {
    body: async (ctx) => ({
      pdaUserId: await pdaUser(ctx),
      userName: unique('pda_'),
      realName: 'Edited PDA',
      departmentId: await department(ctx),
    }),
  },
  [at('pdaUser/resetPassword')]: { body: async (ctx) => ({ pdaUserId: await pdaUser(ctx), ...PASSWORD }) },
  [at('pdaUser/lock')]: { body: async (ctx) => ({ pdaUserId: await pdaUser(ctx) }) },
  [at('pdaUser/unlock')]: { body: async (ctx) => ({ pdaUserId: await pdaUser(ctx) }) },
  [at('pdaUser/delete')]: { body: async (ctx) => ({ pdaUserId: await pdaUser(ctx) }) },
  [at('department/list')]: {},
  [at('department/options')]: {},
  [at('department/add')]: {
    body: () => ({ departmentCode: unique('D'), departmentName: unique('Dept'), productionBase: 'Base' }),
  },
  [at('department/update')]: {
    body: async (ctx) => ({
      departmentId: await department(ctx),
      departmentCode: unique('D'),
      departmentName: unique('Dept'),
      productionBase: 'Base',
    }),
  },
  [at('department/delete')]: { body: async (ctx) => ({ departmentId: await department(ctx) }) },
  [at('engineer/list')]: {},
  [at('engineer/add')]: { body: () => ({ name: 'Matrix engineer', phone: phone(), ...PASSWORD }) },
  [at('engineer/update')]: {
    body: async (ctx) => ({ engineerId: await engineer(ctx), name: 'Edited engineer', phone: phone() }),
  },
  [at('engineer/resetPassword')]: { body: async (ctx) => ({ engineerId: await engineer(ctx), ...PASSWORD }) },
  [at('engineer/lock')]: { body: async (ctx) => ({ engineerId: await engineer(ctx) }) },
  [at('engineer/unlock')]: { body: async (ctx) => ({ engineerId: await engineer(ctx) }) },
  [at('engineer/delete')]: { body: async (ctx) => ({ engineerId: await engineer(ctx) }) },
  [at('accountLog/list')]: {},
  // Product catalog (the level-0 company changes it)
  [at('series/list')]: {},
  [at('series/options')]: {},
  [at('series/add')]: { body: () => ({ seriesName: unique('Ser') }) },
  [at('series/update')]: { body: async (ctx) => ({ seriesId: await series(ctx), seriesName: unique('Ser') }) },
  [at('series/delete')]: { body: async (ctx) => ({ seriesId: await series(ctx) }) },
  [at('dataType/list')]: {},
  [at('dataType/options')]: {},
  [at('dataType/add')]: { body: () => dataTypeFields() },
  [at('dataType/update')]: { body: async (ctx) => ({ dataTypeId: await dataType(ctx), ...dataTypeFields() }) },
  [at('dataType/delete')]: { body: async (ctx) => ({ dataTypeId: await dataType(ctx) }) },
  [at('product/list')]: {},
  [at('product_byId')]: { body: async (ctx) => ({ id: await product(ctx) }) },
  [at('product/add')]: { body: (ctx) => productFields(ctx, 'custom') },
  [at('product/update')]: {
    body: async (ctx) => ({ productId: await product(ctx), version: 1, ...(await productFields(ctx, 'alink')) }),
  },
  [at('product/delete')]: { body: async (ctx) => ({ productId: await product(ctx), version: 1 }) },
  [at('thingModel/get')]: { body: async (ctx) => ({ productId: await product(ctx) }) },
  [at('thingModel/saveDraft')]: {
    body: async (ctx) => ({ productId: await product(ctx), version: 1, model: thingModel }),
  },
  [at('thingModel/publish')]: {
    body: async (ctx) => {
      const productId = await product(ctx);
      const saved = await ctx.api<{ version: number }>(saveThingModelDraft, {
        productId,
        version: 1,
        model: thingModel,
      });
      return { productId, version: saved.version };
    },
  },
  // Protocols and points
  [at('protocol/list')]: {},
  [at('protocol/detail')]: { body: async (ctx) => ({ protocolId: (await protocol(ctx)).protocolId }) },
  [at('protocol/add')]: { body: () => ({ protocolName: 'Matrix_protocol', protocolCode: unique('MX') }) },
  [at('protocol/update')]: {
    body: async (ctx) => ({
      protocolId: (await protocol(ctx)).protocolId,
      version: 1,
      protocolName: 'Edited_protocol',
      protocolCode: unique('MX'),
    }),
  },
  [at('protocol/delete')]: { body: async (ctx) => ({ protocolId: (await protocol(ctx)).protocolId, version: 1 }) },
  [at('protocolVersion/add')]: {
    body: async (ctx) => ({ protocolId: (await protocol(ctx)).protocolId, versionName: 'V2.0' }),
  },
  [at('protocolVersion/update')]: {
    body: async (ctx) => ({ versionId: (await protocol(ctx)).versionId, versionName: 'V1.1' }),
  },
  [at('protocolVersion/delete')]: {
    body: async (ctx) => {
      const { protocolId } = await protocol(ctx);
      return {
        versionId: (await ctx.api<{ versionId: string }>(addProtocolVersion, { protocolId, versionName: 'V9.0' }))
          .versionId,
      };
    },
  },
  [at('point/list')]: { body: async (ctx) => ({ versionId: (await protocol(ctx)).versionId }) },
  [at('point/detail')]: { body: async (ctx) => ({ pointId: (await point(ctx)).pointId }) },
  [at('point/add')]: { body: async (ctx) => ({ versionId: (await protocol(ctx)).versionId, point: pointFields(2) }) },
  [at('point/update')]: {
    body: async (ctx) => ({ pointId: (await point(ctx)).pointId, version: 1, point: pointFields(3) }),
  },
  [at('point/delete')]: { body: async (ctx) => ({ pointId: (await point(ctx)).pointId, version: 1 }) },
  [at('pointHistory/list')]: { body: async (ctx) => ({ versionId: (await point(ctx)).versionId }) },
  [at('pointHistory/detail')]: {
    body: async (ctx) => {
      const { versionId } = await point(ctx);
      const history = await ctx.api<{ list: Array<{ historyId: string }> }>(listPointHistory, { versionId });
      return { historyId: history.list[0]!.historyId };
    },
  },
  [at('point/export')]: { body: async (ctx) => ({ versionId: (await point(ctx)).versionId }) },
  [at('point/import')]: {
    body: async (ctx) => ({ versionId: (await protocol(ctx)).versionId }),
    expect: ErrorCode.IMPORT_FILE_INVALID,
    reason: 'an upload: a JSON body carries no file (the import tests send files)',
  },
  // Answered with success: a frame that cannot be decoded is reported in the answer (ok: false), not as an error.
  [at('frame/decode')]: { body: async (ctx) => ({ versionId: (await point(ctx)).versionId, hex: 'AA 55' }) },
  // Log management (issue 22): searches over a range; an IoT code that finds no device answers an empty page.
  [at('log/apiUsedLog')]: { body: () => ({ startDate: logDay(), endDate: logDay() }) },
  [at('log/communicationLog')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE', ...lastHour() }) },
  [at('log/communicationLogQuery')]: { body: () => lastHour() },
  [at('log/operationLog')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE' }) },
  [at('log/apiUsedLog/export')]: { body: () => ({ startDate: logDay(), endDate: logDay() }) },
  [at('log/communicationLog/export')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE', ...lastHour() }) },
  [at('log/communicationLogQuery/export')]: { body: () => lastHour() },
  [at('log/export/progress')]: {
    body: () => ({ jobId: 'no-such-job' }),
    expect: ErrorCode.NOT_FOUND,
    reason: 'a job id is answered by an export start to its caller only (log-export.int.test.ts)',
  },
  [at('log/retention')]: {},
  // The default, written back: the matrix leaves the settings as they were.
  [at('log/retention/update')]: { body: () => ({ kind: 'apiCall', days: 180 }) },
  [at('log/operationLog/export')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE' }) },
  [at('accountLog/export')]: { body: () => ({ startDate: logDay(), endDate: logDay() }) },
  [at('log/moduleCommunicationLog')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE', ...lastHour() }) },
  [at('log/modeLog')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE', ...lastHour() }) },
  [at('log/moduleCommunicationLog/export')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE', ...lastHour() }) },
  [at('log/modeLog/export')]: { body: () => ({ deviceCode: 'NO-SUCH-DEVICE', ...lastHour() }) },
  ...PROJECT_OUTCOMES,
  ...DASHBOARD_OUTCOMES,
  ...OTA_OUTCOMES,
  ...OTA_CATALOG_OUTCOMES,
};

function logDay(): string {
  return new Date().toISOString().slice(0, 10);
}

function lastHour(): { startTime: string; endTime: string } {
  return { startTime: new Date(Date.now() - 3_600_000).toISOString(), endTime: new Date().toISOString() };
}

/** Makes a call as the context's caller and answers its result, failing loudly when it does not succeed. */
export async function apiAs<T>(
  t: TestApp,
  options: MatrixContext['options'],
  entry: CallDef,
  payload: Record<string, unknown>,
): Promise<T> {
  const answer = await call<T>(t.app, entry, payload, options);
  if (answer.body.error_code !== ErrorCode.OK)
    throw new Error(`${entry.path} while preparing: ${JSON.stringify(answer.body)}`);
  return answer.body.objectResult as T;
}

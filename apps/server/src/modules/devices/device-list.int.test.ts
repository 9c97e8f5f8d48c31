import { Button, ErrorCode, listDevices, type Device, type DeviceFilterCondition } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealerTree, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { secretBox } from './secret-box.ts';

/**
 * The device list's filter builder against a known fleet: every device's attributes are made here,
 * and each expected answer is computed from them in JavaScript, not by the server's SQL.
 * P (level 0) -> A -> A1, and B beside A; the caller is a member of A.
 */

interface FleetDevice {
  id: string;
  dealer: 'A' | 'A1' | 'B';
  code: string;
  name: string;
  sn: string;
  model: string;
  product: 'p1' | 'p2';
  status: 'UNACTIVE' | 'ONLINE' | 'OFFLINE';
  province: string;
  city: string;
  /** Latest value of point 13 (undefined: no value row; null: the formula failed). */
  value13: number | null | undefined;
  /** Open faults: code and opening time. */
  faults: { code: string; at: string }[];
  closedFaultCodes: string[];
}

const env = {} as {
  t: TestApp;
  dealers: Record<'A' | 'A1' | 'B', string>;
  products: Record<'p1' | 'p2', string>;
  caller: { sessionid: string; dealersId: string };
};
const fleet: FleetDevice[] = [];
const box = secretBox(loadConfig({}).deviceSecretKey);
const STATUSES = ['UNACTIVE', 'ONLINE', 'OFFLINE'] as const;
const AREAS = [
  ['330000', '330100'],
  ['330000', '330200'],
  ['110000', '110100'],
  ['', ''],
] as const;
const FAULT_TIMES = ['2026-03-01T00:00:00.000Z', '2026-03-05T00:00:00.000Z', '2026-03-09T00:00:00.000Z'];

/** A small deterministic generator, so the fleet mixes attributes without following the device index. */
function generator(seed: number) {
  let state = seed;
  const pick = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  return <T>(items: readonly T[]): T => items[pick(items.length)] as T;
}

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const { A, A1, B } = await newDealerTree(db);
  env.dealers = { A, A1, B };
  env.products = { p1: await newProduct(db), p2: await newProduct(db) };
  const user = await newUser(db);
  await newMember(db, A, user.id, [Button.DEVICES]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: A };

  const choose = generator(7);
  for (let i = 0; i < 48; i += 1) {
    const dealer = choose(['A', 'A1', 'B'] as const);
    const product = choose(['p1', 'p2'] as const);
    const [province, city] = choose(AREAS);
    const valueChoice = choose([0, 1, 2, 3, 4, 5]);
    const value13 = valueChoice === 0 ? undefined : valueChoice === 1 ? null : choose([12.5, 40, 41, 55, 80]);
    const faults = choose([0, 1, 2]) === 0 ? [] : [{ code: choose(['E1', 'E2', 'F7']), at: choose(FAULT_TIMES) }];
    const closedFaultCodes = choose([0, 1, 2, 3]) === 0 ? ['E9'] : [];
    const id = await newDevice(db, env.dealers[dealer], box, env.products[product]);
    const device: FleetDevice = {
      id,
      dealer,
      product,
      province,
      city,
      value13,
      faults,
      closedFaultCodes,
      code: `FLT-${i}-${choose(['alpha', 'beta', 'gamma'])}`,
      name: `${choose(['Pool', 'Villa', 'Hotel'])} pump ${i}`,
      sn: choose([0, 1, 2, 3]) === 0 ? '' : `SN${1000 + i}`,
      model: choose(['KF-120', 'kf-200', 'RS-5']),
      status: choose(STATUSES),
    };
    fleet.push(device);
    await db
      .updateTable('devices')
      .set({
        device_code: device.code,
        device_name: device.name,
        sn: device.sn,
        model: device.model,
        status: device.status,
        province_code: province,
        city_code: city,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        last_online_at: i % 5 === 0 ? null : new Date(Date.UTC(2026, 1, 1, 0, (i * 17) % 48)),
      })
      .where('id', '=', id)
      .execute();
    if (value13 !== undefined)
      await db
        .insertInto('device_values')
        .values({ device_id: id, point_values: JSON.stringify({ 13: value13, 14: 99 }) })
        .execute();
    for (const fault of faults) {
      await db
        .insertInto('device_faults')
        .values({
          device_id: id,
          address: 20,
          fault_code: fault.code,
          level: 2,
          fault_type: 'light',
          opened_at: fault.at,
        })
        .execute();
    }
    for (const code of closedFaultCodes) {
      await db
        .insertInto('device_faults')
        .values({
          device_id: id,
          address: 21,
          fault_code: code,
          level: 2,
          fault_type: 'light',
          opened_at: '2026-03-01T00:00:00.000Z',
          closed_at: '2026-03-09T00:00:00.000Z',
        })
        .execute();
    }
  }
});
afterAll(async () => env.t.close());

const list = (body: Record<string, unknown>, language?: 'zh_CN') =>
  call<{ list: Device[]; totalSize: number }>(
    env.t.app,
    listDevices,
    { pageSize: 999, ...body },
    { ...env.caller, ...(language ? { language } : {}) },
  );
const idsOf = async (body: Record<string, unknown>) => {
  const answer = await list(body);
  expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(0);
  expect(answer.body.objectResult!.totalSize).toBe(answer.body.objectResult!.list.length);
  return answer.body.objectResult!.list.map((device) => device.deviceId).sort();
};
const inScope = (device: FleetDevice) => device.dealer !== 'B';
const expected = (keep: (device: FleetDevice) => boolean) =>
  fleet
    .filter((device) => inScope(device) && keep(device))
    .map((device) => device.id)
    .sort();
const where = (combinator: 'and' | 'or', ...conditions: DeviceFilterCondition[]) => ({
  filter: { combinator, conditions },
});
const compare = (value: number, symbol: string, against: number) =>
  ({
    '=': value === against,
    '!=': value !== against,
    '>': value > against,
    '>=': value >= against,
    '<': value < against,
    '<=': value <= against,
  })[symbol];

describe('device list filter', () => {
  it('the fleet mixes every attribute in and out of scope', () => {
    for (const keep of [
      (d: FleetDevice) => d.dealer === 'A',
      (d: FleetDevice) => d.dealer === 'A1',
      (d: FleetDevice) => d.dealer === 'B',
      (d: FleetDevice) => d.faults.length > 0,
      (d: FleetDevice) => typeof d.value13 === 'number',
    ]) {
      expect(fleet.filter(keep).length).toBeGreaterThan(2);
    }
  });

  it('without a filter lists exactly the subtree, newest first, paged', async () => {
    expect(await idsOf({})).toEqual(expected(() => true));
    const page = await list({ pageIndex: 2, pageSize: 5 });
    const newestFirst = fleet
      .filter(inScope)
      .reverse()
      .map((device) => device.id);
    expect(page.body.objectResult!.list.map((device) => device.deviceId)).toEqual(newestFirst.slice(5, 10));
    expect(page.body.objectResult!.totalSize).toBe(newestFirst.length);
    const oldest = await list({ pageSize: 3, sortOrder: 'ascend' });
    expect(oldest.body.objectResult!.list.map((device) => device.deviceId)).toEqual(newestFirst.slice(-3).reverse());
  });

  it('text fields: contains (case-insensitive), equals, not equals; project names are empty until projects exist', async () => {
    expect(await idsOf(where('and', { field: 'deviceCode', symbol: 'contains', value: 'ALPHA' }))).toEqual(
      expected((d) => d.code.includes('alpha')),
    );
    expect(await idsOf(where('and', { field: 'deviceName', symbol: '=', value: fleet[3]!.name }))).toEqual(
      expected((d) => d.name === fleet[3]!.name),
    );
    expect(await idsOf(where('and', { field: 'sn', symbol: '!=', value: 'SN1004' }))).toEqual(
      expected((d) => d.sn !== 'SN1004'),
    );
    expect(await idsOf(where('and', { field: 'model', symbol: 'contains', value: 'kf-' }))).toEqual(
      expected((d) => d.model.toLowerCase().includes('kf-')),
    );
    expect(await idsOf(where('and', { field: 'model', symbol: 'contains', value: '%' }))).toEqual([]);
    expect(await idsOf(where('and', { field: 'projectName', symbol: 'contains', value: 'x' }))).toEqual([]);
    expect(await idsOf(where('and', { field: 'projectName', symbol: '!=', value: 'x' }))).toEqual(expected(() => true));
  });

  it('product, dealer and status; a foreign or unknown id matches nothing', async () => {
    expect(await idsOf(where('and', { field: 'productId', symbol: '=', value: env.products.p1 }))).toEqual(
      expected((d) => d.product === 'p1'),
    );
    expect(await idsOf(where('and', { field: 'productId', symbol: '!=', value: env.products.p1 }))).toEqual(
      expected((d) => d.product !== 'p1'),
    );
    expect(await idsOf(where('and', { field: 'productId', symbol: '=', value: 'abc' }))).toEqual([]);
    expect(await idsOf(where('and', { field: 'dealersId', symbol: '=', value: env.dealers.A1 }))).toEqual(
      expected((d) => d.dealer === 'A1'),
    );
    expect(await idsOf(where('and', { field: 'dealersId', symbol: '=', value: env.dealers.B }))).toEqual([]);
    expect(await idsOf(where('and', { field: 'deviceStatus', symbol: '=', value: 'ONLINE' }))).toEqual(
      expected((d) => d.status === 'ONLINE'),
    );
    expect(await idsOf(where('and', { field: 'deviceStatus', symbol: '!=', value: 'UNACTIVE' }))).toEqual(
      expected((d) => d.status !== 'UNACTIVE'),
    );
  });

  it('faults: open ones only, by presence, code and start time', async () => {
    expect(await idsOf(where('and', { field: 'fault', symbol: '=', value: 'yes' }))).toEqual(
      expected((d) => d.faults.length > 0),
    );
    expect(await idsOf(where('and', { field: 'fault', symbol: '=', value: 'no' }))).toEqual(
      expected((d) => d.faults.length === 0),
    );
    expect(await idsOf(where('and', { field: 'faultCode', symbol: '=', value: 'E1' }))).toEqual(
      expected((d) => d.faults.some((f) => f.code === 'E1')),
    );
    expect(await idsOf(where('and', { field: 'faultCode', symbol: '!=', value: 'E1' }))).toEqual(
      expected((d) => !d.faults.some((f) => f.code === 'E1')),
    );
    expect(await idsOf(where('and', { field: 'faultCode', symbol: '=', value: 'E9' }))).toEqual([]);
    for (const symbol of ['>', '>=', '<', '<='] as const) {
      const at = '2026-03-05T00:00:00.000Z';
      expect(await idsOf(where('and', { field: 'faultStartTime', symbol, value: at })), symbol).toEqual(
        expected((d) => d.faults.some((f) => compare(Date.parse(f.at), symbol, Date.parse(at)))),
      );
    }
  });

  it('province and city', async () => {
    expect(await idsOf(where('and', { field: 'area', province: '330000', city: '330100' }))).toEqual(
      expected((d) => d.city === '330100'),
    );
    expect(await idsOf(where('and', { field: 'area', province: '110000', city: '110100' }))).toEqual(
      expected((d) => d.city === '110100'),
    );
  });

  it('parameter: the latest numeric value of the point on devices of the product, with each symbol', async () => {
    for (const symbol of ['=', '!=', '>', '>=', '<', '<='] as const) {
      const filter = where('and', { field: 'addressData', productId: env.products.p1, address: 13, symbol, value: 41 });
      expect(await idsOf(filter), symbol).toEqual(
        expected((d) => d.product === 'p1' && typeof d.value13 === 'number' && compare(d.value13, symbol, 41) === true),
      );
    }
    expect(
      await idsOf(
        where('and', { field: 'addressData', productId: env.products.p2, address: 14, symbol: '=', value: 99 }),
      ),
    ).toEqual(expected((d) => d.product === 'p2' && d.value13 !== undefined));
    expect(
      await idsOf(
        where('and', { field: 'addressData', productId: env.products.p1, address: 15, symbol: '<', value: 1000 }),
      ),
    ).toEqual([]);
  });

  it('three conditions with and, with or, and the keyword on top', async () => {
    const three: DeviceFilterCondition[] = [
      { field: 'addressData', productId: env.products.p1, address: 13, symbol: '>=', value: 40 },
      { field: 'deviceStatus', symbol: '!=', value: 'UNACTIVE' },
      { field: 'fault', symbol: '=', value: 'yes' },
    ];
    const param = (d: FleetDevice) => d.product === 'p1' && typeof d.value13 === 'number' && d.value13 >= 40;
    expect(await idsOf(where('and', ...three))).toEqual(
      expected((d) => param(d) && d.status !== 'UNACTIVE' && d.faults.length > 0),
    );
    expect(await idsOf(where('or', ...three))).toEqual(
      expected((d) => param(d) || d.status !== 'UNACTIVE' || d.faults.length > 0),
    );
    expect(await idsOf({ keyword: 'pump 1', ...where('or', ...three) })).toEqual(
      expected((d) => d.name.includes('pump 1') && (param(d) || d.status !== 'UNACTIVE' || d.faults.length > 0)),
    );
    expect(await idsOf(where('and'))).toEqual(expected(() => true));
  });

  it('answers the fault state, empty project name and division of each device', async () => {
    const answer = await list({});
    for (const device of answer.body.objectResult!.list) {
      const known = fleet.find((d) => d.id === device.deviceId)!;
      expect(device).toMatchObject({
        faultState: known.faults.length > 0,
        projectName: '',
        provinceCode: known.province,
        cityCode: known.city,
      });
    }
  });
});

describe('device list filter refusals', () => {
  const refusal = async (body: Record<string, unknown>, language?: 'zh_CN') => {
    const answer = await list(body, language);
    expect(answer.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    return (answer.body.objectResult as unknown as { fieldErrors: { field: string; message: string }[] }).fieldErrors;
  };
  const status = { field: 'deviceStatus', symbol: '=', value: 'ONLINE' };

  it('more than six conditions, in both languages', async () => {
    const seven = { filter: { combinator: 'and', conditions: Array.from({ length: 7 }, () => status) } };
    expect(await refusal(seven)).toEqual([
      { field: 'filter.conditions', message: 'Only a maximum of six filters are supported' },
    ]);
    expect(await refusal(seven, 'zh_CN')).toEqual([{ field: 'filter.conditions', message: '最多只支持六个筛选条件' }]);
    expect(await idsOf({ filter: { combinator: 'and', conditions: Array.from({ length: 6 }, () => status) } })).toEqual(
      expected((d) => d.status === 'ONLINE'),
    );
  });

  it.each([
    ['combinator', { conditions: [status] }, 'filter.combinator', 'Please choose and or or', '请选择且或者或'],
    [
      'field name',
      { combinator: 'and', conditions: [{ symbol: '=', value: 'x' }] },
      'filter.conditions.0.field',
      'Please choose a field name',
      '请选择字段名',
    ],
    [
      'unknown field',
      { combinator: 'and', conditions: [{ field: 'colour', symbol: '=', value: 'x' }] },
      'filter.conditions.0.field',
      'Please choose a field name',
      '请选择字段名',
    ],
    [
      'condition symbol',
      { combinator: 'or', conditions: [{ field: 'sn', value: 'x' }] },
      'filter.conditions.0.symbol',
      'Please choose a condition symbol',
      '请选择条件符号',
    ],
    [
      'value',
      { combinator: 'or', conditions: [{ field: 'deviceName', symbol: 'contains', value: '  ' }] },
      'filter.conditions.0.value',
      'Please enter a value',
      '请输入值',
    ],
    [
      'status value',
      { combinator: 'or', conditions: [{ field: 'deviceStatus', symbol: '=' }] },
      'filter.conditions.0.value',
      'Please enter a value',
      '请输入值',
    ],
    [
      'fault code',
      { combinator: 'and', conditions: [{ field: 'faultCode', symbol: '=', value: '' }] },
      'filter.conditions.0.value',
      'Please enter the fault code',
      '请输入故障码',
    ],
    [
      'fault start time',
      { combinator: 'and', conditions: [{ field: 'faultStartTime', symbol: '>=' }] },
      'filter.conditions.0.value',
      'Please choose the fault start time',
      '请选择故障开始时间',
    ],
    [
      'province',
      { combinator: 'and', conditions: [{ field: 'area', city: '330100' }] },
      'filter.conditions.0.province',
      'Please choose a province',
      '请选择省份',
    ],
    [
      'city',
      { combinator: 'and', conditions: [{ field: 'area', province: '330000' }] },
      'filter.conditions.0.city',
      'Please choose a city of the province',
      '请选择该省份的城市',
    ],
    [
      'city of another province',
      { combinator: 'and', conditions: [{ field: 'area', province: '330000', city: '110100' }] },
      'filter.conditions.0.city',
      'Please choose a city of the province',
      '请选择该省份的城市',
    ],
    [
      'parameter product',
      { combinator: 'and', conditions: [{ field: 'addressData', address: 13, symbol: '>', value: 1 }] },
      'filter.conditions.0.productId',
      'Please choose a product first',
      '请先选择产品',
    ],
    [
      'parameter point',
      { combinator: 'and', conditions: [{ field: 'addressData', productId: '1', symbol: '>', value: 1 }] },
      'filter.conditions.0.address',
      'Please choose a parameter',
      '请选择参数',
    ],
    [
      'parameter symbol',
      {
        combinator: 'and',
        conditions: [{ field: 'addressData', productId: '1', address: 13, symbol: 'contains', value: 1 }],
      },
      'filter.conditions.0.symbol',
      'Please choose the condition of the parameter',
      '请选择参数的条件',
    ],
    [
      'parameter value',
      { combinator: 'and', conditions: [{ field: 'addressData', productId: '1', address: 13, symbol: '>' }] },
      'filter.conditions.0.value',
      'Please enter the value of the parameter',
      '请输入参数的值',
    ],
  ])(
    'refuses a filter without its %s, on the field in both languages',
    async (_name, filter, field, english, chinese) => {
      expect(await refusal({ filter })).toEqual([{ field, message: english }]);
      expect(await refusal({ filter }, 'zh_CN')).toEqual([{ field, message: chinese }]);
    },
  );
});

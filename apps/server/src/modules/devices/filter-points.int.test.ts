import { Button, ErrorCode, getDevice, listFilterPoints, type Device } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealer, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { secretBox } from './secret-box.ts';

/** The parameter filter's points of a product, and the product type every listed device carries (its detail page). */
const env = {} as { t: TestApp; as: { sessionid: string; dealersId: string }; dealer: string };
type Points = Array<{ address: number; code: string; name: string; unit: string }>;

beforeAll(async () => {
  env.t = await startTestApp();
  const P = await newDealer(env.t.db, { level: 0 });
  env.dealer = await newDealer(env.t.db, { parentId: P, level: 1 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.dealer, user.id, [Button.DEVICES]);
  env.as = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.dealer };
});
afterAll(async () => env.t.close());

const productNamed = async (name: string) =>
  await env.t.db
    .selectFrom('products')
    .select(['id', 'message_type'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
const points = (productId: string, language?: 'zh_CN') =>
  call<Points>(env.t.app, listFilterPoints, { productId }, { ...env.as, ...(language ? { language } : {}) });

describe('listFilterPoints', () => {
  it("answers a protocol-point product's table by address, and a thing model's published properties", async () => {
    const pump = await productNamed('空气源热泵 A200');
    const table = (await points(pump.id)).body.objectResult!;
    // Named in the reader's language, as the curve names them.
    expect(table.find((p) => p.address === 13)).toMatchObject({ code: 'tAmb', name: 'Ambient temp', unit: '°C' });
    const chinese = (await points(pump.id, 'zh_CN')).body.objectResult!;
    expect(chinese.find((p) => p.address === 13)).toMatchObject({ name: '环境温度' });
    expect(table.map((p) => p.address)).toEqual([...table.map((p) => p.address)].sort((a, b) => a - b));
    const heater = await productNamed('智能热水器 X1');
    const properties = (await points(heater.id)).body.objectResult!;
    expect(properties.length).toBeGreaterThan(0);
    expect(properties[0]).toMatchObject({ address: 1 });
    expect((await points(await newProduct(env.t.db))).body.objectResult).toEqual([]);
  });

  it('refuses an unknown product as missing and an empty one on the field, in both languages', async () => {
    expect((await points('999999999')).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await points('')).body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'productId', message: 'Please choose a product first' }] },
    });
    expect((await points('', 'zh_CN')).body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'productId', message: '请先选择产品' }] },
    });
  });

  it("answers each device's product type, which picks its detail page", async () => {
    const box = secretBox(loadConfig({}).deviceSecretKey);
    const pump = await productNamed('空气源热泵 A200');
    const deviceId = await newDevice(env.t.db, env.dealer, box, pump.id);
    expect((await call<Device>(env.t.app, getDevice, { deviceId }, env.as)).body.objectResult).toMatchObject({
      productMessageType: 'pm',
    });
    const other = await newDevice(env.t.db, env.dealer, box);
    expect((await call<Device>(env.t.app, getDevice, { deviceId: other }, env.as)).body.objectResult).toMatchObject({
      productMessageType: 'tm',
    });
  });
});

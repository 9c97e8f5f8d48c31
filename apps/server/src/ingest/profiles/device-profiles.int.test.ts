import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newDevice, newProduct } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { currentValues } from '../pipeline/current-values.ts';
import { deviceProfiles } from './device-profiles.ts';

const env = {} as { t: TestApp; dealer: string; heatPump: string };
const box = { seal: (secret: string) => Buffer.from(secret) };

beforeAll(async () => {
  env.t = await startTestApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
  const product = await env.t.db
    .selectFrom('products')
    .select('id')
    .where('product_key', '=', 'pkhpa200demo')
    .executeTakeFirstOrThrow();
  env.heatPump = product.id;
});
afterAll(async () => env.t.close());

const codeOf = async (deviceId: string) =>
  (await env.t.db.selectFrom('devices').select('device_code').where('id', '=', deviceId).executeTakeFirstOrThrow())
    .device_code;

describe('device profiles', () => {
  it("reads a protocol-point device's compiled table of its product's newest protocol version", async () => {
    const deviceId = await newDevice(env.t.db, env.dealer, box, env.heatPump);
    const profiles = deviceProfiles(env.t.db);
    const profile = await profiles.get(await codeOf(deviceId));
    expect(profile).toMatchObject({ deviceId, dealerId: env.dealer, productId: env.heatPump, messageType: 'pm' });
    expect(profile?.table?.byAddress.get(13)?.code).toBe('tAmb');
  });

  it('has no table for a thing-model device and no profile for an unknown code, and forgets on request', async () => {
    const deviceId = await newDevice(env.t.db, env.dealer, box, await newProduct(env.t.db));
    const profiles = deviceProfiles(env.t.db);
    const code = await codeOf(deviceId);
    expect(await profiles.get(code)).toMatchObject({ messageType: 'tm', table: null, versionId: null });
    expect(await profiles.get('NO-SUCH-DEVICE')).toBeUndefined();
    await env.t.db.deleteFrom('devices').where('id', '=', deviceId).execute();
    expect(await profiles.get(code)).toBeDefined();
    profiles.forget(code);
    expect(await profiles.get(code)).toBeUndefined();
  });

  it('answers the current values of a device by address', async () => {
    const deviceId = await newDevice(env.t.db, env.dealer, box, env.heatPump);
    expect(await currentValues(env.t.db, deviceId)).toEqual(new Map());
    await env.t.db
      .insertInto('device_values')
      .values({ device_id: deviceId, point_values: JSON.stringify({ 3: 55, 13: -3.5, 30: null }) })
      .execute();
    expect(await currentValues(env.t.db, deviceId)).toEqual(
      new Map([
        [3, 55],
        [13, -3.5],
      ]),
    );
  });
});

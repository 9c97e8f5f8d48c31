import { Button, DEVICE_REGISTER_PATH, ErrorCode, revealProductSecret, setDynamicRegistration } from '@dcc/contract';
import { checkDeviceLogin, signDeviceLogin } from '@dcc/protocol/device-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealer, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { secretBoxOf } from '../devices/repo.ts';
import { secretBox } from '../devices/secret-box.ts';
import { registrationSign } from './register.ts';

const env = {} as {
  t: TestApp;
  platform: { sessionid: string; dealersId: string };
  dealer: { sessionid: string; dealersId: string };
  productId: string;
  productKey: string;
};
const box = secretBox(loadConfig({}).deviceSecretKey);

beforeAll(async () => {
  env.t = await startTestApp({ live: { ...loadConfig({}).live, registrationsPerIpPerMinute: 20 } });
  const P = await env.t.db
    .selectFrom('dealers')
    .select('id')
    .where('level', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const A = await newDealer(env.t.db, { parentId: P.id, level: 1 });
  const operator = await newUser(env.t.db);
  await newMember(env.t.db, P.id, operator.id, [Button.PRODUCTS]);
  env.platform = { sessionid: await loginAs(env.t.app, operator.phone), dealersId: P.id };
  const dealer = await newUser(env.t.db);
  await newMember(env.t.db, A, dealer.id, [Button.PRODUCTS]);
  env.dealer = { sessionid: await loginAs(env.t.app, dealer.phone), dealersId: A };
  env.productId = await newProduct(env.t.db);
  env.productKey = (
    await env.t.db
      .selectFrom('products')
      .select('product_key')
      .where('id', '=', env.productId)
      .executeTakeFirstOrThrow()
  ).product_key;
});
afterAll(async () => env.t.close());

let sequence = 0;
const register = async (body: Record<string, unknown>, language = 'en_US') => {
  const response = await env.t.app.inject({
    method: 'POST',
    url: `${DEVICE_REGISTER_PATH}?language=${language}`,
    payload: body,
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      error_code: number;
      error_msg: string;
      objectResult: { deviceCode: string; deviceSecret: string } | null;
    },
  };
};
const signed = (secret: string, extra: { deviceCode?: string; random?: string } = {}) => {
  const request = {
    productKey: env.productKey,
    deviceCode: extra.deviceCode ?? `DYN-${Date.now().toString(36)}-${(sequence += 1)}`,
    random: extra.random ?? `r${Date.now()}${sequence}`,
  };
  return { ...request, sign: registrationSign(secret, request) };
};
const secretOf = async (reset = false) =>
  (
    await call<{ productSecret: string }>(
      env.t.app,
      revealProductSecret,
      { productId: env.productId, reset },
      env.platform,
    )
  ).body.objectResult!.productSecret;

describe('dynamic registration', () => {
  it('is platform-only: a dealer below level 0 can neither switch it nor read the product secret', async () => {
    expect(
      (await call(env.t.app, setDynamicRegistration, { productId: env.productId, enabled: true }, env.dealer)).body
        .error_code,
    ).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect((await call(env.t.app, revealProductSecret, { productId: env.productId }, env.dealer)).body.error_code).toBe(
      ErrorCode.CATALOG_READ_ONLY,
    );
  });

  it('answers a wrong signature on a real product key (registration off, or no secret yet) byte for byte like an unknown key', async () => {
    const raw = async (body: Record<string, unknown>, language: string) => {
      const response = await env.t.app.inject({
        method: 'POST',
        url: `${DEVICE_REGISTER_PATH}?language=${language}`,
        payload: body,
      });
      return `${response.statusCode} ${response.body}`;
    };
    const productId = await newProduct(env.t.db);
    const productKey = (
      await env.t.db.selectFrom('products').select('product_key').where('id', '=', productId).executeTakeFirstOrThrow()
    ).product_key;
    const guess = { deviceCode: 'DYN-PROBE-1', random: 'probe0001', sign: 'a'.repeat(64) };
    for (const language of ['en_US', 'zh_CN']) {
      const unknown = await raw({ ...guess, productKey: 'no-such-key' }, language);
      expect(unknown).toContain(`"error_code":${ErrorCode.REGISTRATION_SIGNATURE}`);
      expect(await raw({ ...guess, productKey }, language)).toBe(unknown);
      await call(env.t.app, revealProductSecret, { productId }, env.platform);
      expect(await raw({ ...guess, productKey }, language)).toBe(unknown);
    }
  });

  it('refuses with 6288 while the product has it off, then registers an UNACTIVE device of the platform and answers a secret that signs in', async () => {
    const secret = await secretOf();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await secretOf()).toBe(secret);
    const off = await register(signed(secret));
    expect(off.body).toMatchObject({
      error_code: ErrorCode.DYNAMIC_REGISTRATION_OFF,
      error_msg: 'Dynamic registration is off for this product',
    });
    expect((await register(signed(secret), 'zh_CN')).body.error_msg).toBe('该产品未开启动态注册');

    expect(
      (await call(env.t.app, setDynamicRegistration, { productId: env.productId, enabled: true }, env.platform)).body
        .objectResult,
    ).toEqual({ productId: env.productId, dynamicRegistration: true });
    const body = signed(secret);
    const done = await register(body);
    expect(done.body.error_code).toBe(0);
    const { deviceSecret } = done.body.objectResult!;
    const row = await env.t.db
      .selectFrom('devices as dv')
      .innerJoin('dealers as d', 'd.id', 'dv.dealer_id')
      .select(['dv.status', 'd.level', 'dv.product_id'])
      .where('dv.device_code', '=', body.deviceCode)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'UNACTIVE', level: 0, product_id: env.productId });
    const now = Date.now();
    const secretOfCode = async (code: string) => {
      const sealed = await secretBoxOf(env.t.db, code);
      return sealed ? box.open(sealed) : null;
    };
    expect(
      await checkDeviceLogin(signDeviceLogin(body.deviceCode, deviceSecret, now), {
        secretOf: secretOfCode,
        nowMs: now,
        windowMs: 60_000,
      }),
    ).toEqual({ ok: true, deviceCode: body.deviceCode });

    expect((await register(body)).body.error_code).toBe(ErrorCode.REGISTRATION_REPLAYED);
    expect((await register(signed(secret, { deviceCode: body.deviceCode }))).body.error_code).toBe(
      ErrorCode.DEVICE_CODE_TAKEN,
    );
  });

  it('refuses a wrong signature, an unknown product key and a reset secret alike with 6287, and bad bodies with 400', async () => {
    const old = await secretOf();
    expect((await register({ ...signed(old), sign: 'a'.repeat(64) })).body.error_code).toBe(
      ErrorCode.REGISTRATION_SIGNATURE,
    );
    expect((await register({ ...signed(old), productKey: 'no-such-key' })).body.error_code).toBe(
      ErrorCode.REGISTRATION_SIGNATURE,
    );
    const fresh = await secretOf(true);
    expect(fresh).not.toBe(old);
    expect((await register(signed(old))).body.error_code).toBe(ErrorCode.REGISTRATION_SIGNATURE);
    expect((await register(signed(fresh))).body.error_code).toBe(0);
    const bad = await register({ ...signed(fresh), deviceCode: 'a/#' });
    expect(bad.status).toBe(400);
  });

  it('limits registrations per IP per minute', async () => {
    const codes: number[] = [];
    for (let index = 0; index < 24; index += 1)
      codes.push(
        (await register({ productKey: 'x', deviceCode: 'XXXX', random: 'r'.repeat(8), sign: 'a'.repeat(64) })).body
          .error_code,
      );
    expect(codes).toContain(ErrorCode.RATE_LIMITED);
  });
});

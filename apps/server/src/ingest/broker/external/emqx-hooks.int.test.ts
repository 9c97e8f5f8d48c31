import { signDeviceLogin } from '@dcc/protocol/device-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newDevice } from '../../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { loadConfig } from '../../../config.ts';
import { loadLinkConfig } from '../../../link-config.ts';
import { secretBox } from '../../../modules/devices/secret-box.ts';
import { loadExternalBrokerConfig } from './external-config.ts';
import { EMQX_ACL_PATH, EMQX_AUTH_PATH, EMQX_HOOK_TOKEN_HEADER, EMQX_SIGNATURE_WINDOW_MS } from './emqx-hooks.ts';

const TOKEN = 'emqx-hook-token-for-the-tests-0123456789';
const env = {} as { t: TestApp; dealer: string };
const box = secretBox(loadConfig({ DATA_DIR: 'memory://' }).deviceSecretKey);

beforeAll(async () => {
  env.t = await startTestApp({
    externalBroker: loadExternalBrokerConfig({ EMQX_HOOK_TOKEN: TOKEN, MQTT_USERNAME: 'dcc-service' }),
    link: { ...loadLinkConfig({ MQTT_PORT: 'off' }), signInFailuresPerAddress: 3 },
  });
  env.dealer = await newDealer(env.t.db, { level: 0 });
});
afterAll(async () => env.t.close());

async function registered(): Promise<{ code: string; secret: string }> {
  const id = await newDevice(env.t.db, env.dealer, box);
  const row = await env.t.db
    .selectFrom('devices')
    .select(['device_code', 'secret_box'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { code: row.device_code, secret: box.open(row.secret_box) };
}

async function hook(path: string, body: Record<string, unknown>, token: string | null = TOKEN) {
  const response = await env.t.app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: token === null ? {} : { [EMQX_HOOK_TOKEN_HEADER]: token },
  });
  return { status: response.statusCode, body: response.json() as { result: string; is_superuser?: boolean } };
}
const auth = async (credentials: { clientId: string; username: string; password: string }, peerhost?: string) =>
  (
    await hook(EMQX_AUTH_PATH, {
      clientid: credentials.clientId,
      username: credentials.username,
      password: credentials.password,
      ...(peerhost ? { peerhost } : {}),
    })
  ).body;
const acl = async (clientid: string, topic: string, action: string, username = `${clientid}&${Date.now()}`) =>
  (await hook(EMQX_ACL_PATH, { clientid, username, topic, action })).body.result;

describe('EMQX HTTP authentication and authorization hooks', () => {
  it('allows a fresh signature of a registered device, never as superuser', async () => {
    const d = await registered();
    expect(await auth(signDeviceLogin(d.code, d.secret, Date.now()))).toEqual({ result: 'allow', is_superuser: false });
  });

  it('denies a wrong secret, an expired signature, an unknown device, a malformed login and a disabled device', async () => {
    const d = await registered();
    const deny = { result: 'deny', is_superuser: false };
    expect(await auth(signDeviceLogin(d.code, 'wrong secret', Date.now()))).toEqual(deny);
    expect(await auth(signDeviceLogin(d.code, d.secret, Date.now() - EMQX_SIGNATURE_WINDOW_MS - 60_000))).toEqual(deny);
    expect(await auth(signDeviceLogin('NOSUCH0001', d.secret, Date.now()))).toEqual(deny);
    expect(await auth({ clientId: d.code, username: d.code, password: d.secret })).toEqual(deny);
    expect(await auth({ ...signDeviceLogin(d.code, d.secret, Date.now()), clientId: 'OTHER0001' })).toEqual(deny);
    await env.t.db.updateTable('devices').set({ disabled: true }).where('device_code', '=', d.code).execute();
    expect(await auth(signDeviceLogin(d.code, d.secret, Date.now()))).toEqual(deny);
  });

  it("counts failed sign-ins against the client's address (peerhost), never against the device it claims", async () => {
    const d = await registered();
    const deny = { result: 'deny', is_superuser: false };
    for (let i = 0; i < 5; i += 1)
      expect(await auth(signDeviceLogin(d.code, 'wrong secret', Date.now()), '10.7.0.1')).toEqual(deny);
    expect(await auth(signDeviceLogin(d.code, d.secret, Date.now()), '10.7.0.1')).toEqual(deny);
    expect(await auth(signDeviceLogin(d.code, d.secret, Date.now()), '10.7.0.2')).toEqual({
      result: 'allow',
      is_superuser: false,
    });
    // A template without the address limits nothing (one shared bucket would hold every device).
    for (let i = 0; i < 5; i += 1) await auth(signDeviceLogin(d.code, 'wrong secret', Date.now()));
    expect(await auth(signDeviceLogin(d.code, d.secret, Date.now()))).toEqual({ result: 'allow', is_superuser: false });
  });

  it('lets a device publish only its up and status topics and subscribe only its down topic', async () => {
    const a = await registered();
    const b = await registered();
    expect(await acl(a.code, `dev/${a.code}/up`, 'publish')).toBe('allow');
    expect(await acl(a.code, `dev/${a.code}/status`, 'publish')).toBe('allow');
    expect(await acl(a.code, `dev/${a.code}/down`, 'subscribe')).toBe('allow');
    for (const [topic, action] of [
      [`dev/${b.code}/up`, 'publish'],
      [`dev/${a.code}/down`, 'publish'],
      ['#', 'subscribe'],
      ['dev/+/down', 'subscribe'],
      [`dev/${b.code}/down`, 'subscribe'],
      ['$share/ingest/dev/+/up', 'subscribe'],
      [`dev/${a.code}/up`, 'all'],
    ]) {
      expect(await acl(a.code, topic!, action!), `${action} ${topic}`).toBe('deny');
    }
    expect(await acl(a.code, `dev/${a.code}/up`, 'publish', `${b.code}&1`)).toBe('deny');
  });

  it('denies a deleted or disabled device its own topics', async () => {
    const d = await registered();
    await env.t.db.updateTable('devices').set({ disabled: true }).where('device_code', '=', d.code).execute();
    expect(await acl(d.code, `dev/${d.code}/up`, 'publish')).toBe('deny');
    const gone = await registered();
    await env.t.db.deleteFrom('devices').where('device_code', '=', gone.code).execute();
    expect(await acl(gone.code, `dev/${gone.code}/up`, 'publish')).toBe('deny');
  });

  it('leaves the server service identity to the next EMQX source', async () => {
    expect(
      (await hook(EMQX_AUTH_PATH, { clientid: 'dcc-server-a', username: 'dcc-service', password: 'x' })).body,
    ).toEqual({ result: 'ignore' });
    expect(await acl('dcc-server-a', '$share/ingest/dev/+/up', 'subscribe', 'dcc-service')).toBe('ignore');
  });

  it('answers 401 without the shared token and denies a malformed body', async () => {
    const d = await registered();
    const login = signDeviceLogin(d.code, d.secret, Date.now());
    const body = { clientid: login.clientId, username: login.username, password: login.password };
    expect(await hook(EMQX_AUTH_PATH, body, null)).toEqual({ status: 401, body: { result: 'deny' } });
    expect(await hook(EMQX_AUTH_PATH, body, `${TOKEN}x`)).toEqual({ status: 401, body: { result: 'deny' } });
    expect(
      (await hook(EMQX_ACL_PATH, { clientid: d.code, topic: `dev/${d.code}/up`, action: 'publish' }, 'wrong')).status,
    ).toBe(401);
    expect((await hook(EMQX_AUTH_PATH, { clientid: 42, username: [], password: {} })).body).toEqual({
      result: 'deny',
      is_superuser: false,
    });
  });
});

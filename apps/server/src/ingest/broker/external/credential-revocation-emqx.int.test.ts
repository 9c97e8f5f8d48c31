import { Button, deleteDevice, disableDevice, moveDevices } from '@dcc/contract';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice, type TestDevice } from '../../../../test/device-link.ts';
import { startEmqxStandIn, type EmqxStandIn } from '../../../../test/emqx-stand-in.ts';
import { newDealer, newMember, newUser } from '../../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { answerOf as ok, closedOf, resetClosing, connectOrRefusal } from '../../../../test/revocation.ts';
import { emqxApi, emqxClientPath } from './emqx-api.ts';
import { loadExternalBrokerConfig } from './external-config.ts';

/**
 * A changed credential ends what was signed with the old one, on EMQX. EMQX itself cannot be installed
 * here: a stand-in (test/emqx-stand-in.ts) plays its two parts, an MQTT broker that signs devices in
 * through the server's real auth hook and the REST API that kicks a client. Real: the console calls,
 * the server's kick request (`DELETE /api/v5/clients/{clientid}`, API key as HTTP Basic) and its hook
 * answers. Stood in for: EMQX's broker and API (and so which reports EMQX would still deliver).
 */
const TOKEN = 'emqx-hook-token-for-the-revocation-tests';
const env = {} as {
  emqx: EmqxStandIn;
  t: TestApp;
  dealer: string;
  other: string;
  caller: { sessionid: string; dealersId: string };
};
const clients: MqttClient[] = [];

beforeAll(async () => {
  env.emqx = await startEmqxStandIn(() => env.t.app, TOKEN);
  env.t = await startTestApp({
    externalBroker: loadExternalBrokerConfig({
      EMQX_HOOK_TOKEN: TOKEN,
      MQTT_USERNAME: 'dcc-service',
      EMQX_API_URL: env.emqx.apiUrl,
      EMQX_API_KEY: env.emqx.apiKey,
      EMQX_API_SECRET: env.emqx.apiSecret,
    }),
  });
  env.dealer = await newDealer(env.t.db, { level: 0 });
  env.other = await newDealer(env.t.db, { parentId: env.dealer, level: 1 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.dealer, user.id, [Button.DEVICES, Button.DEVICE_ACTIVATE, Button.DEVICE_MOVE]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.dealer };
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true).catch(() => undefined);
  await env.t?.close();
  await env.emqx?.close();
});

/** Connects to the stand-in with a fresh timestamped signature, as a device does on EMQX; answers the client or the refusal. */
const connectAs = (d: TestDevice) =>
  connectOrRefusal(env.emqx.mqttUrl, signDeviceLogin(d.code, d.secret, Date.now()), clients);
async function online(): Promise<{ d: TestDevice; client: MqttClient }> {
  const d = await newDemoDevice(env.t, { dealerId: env.dealer });
  const client = await connectAs(d);
  if (typeof client === 'string') throw new Error(`${d.code} refused: ${client}`);
  return { d, client };
}
const kicksOf = (d: TestDevice) =>
  env.emqx.calls.filter((c) => c.method === 'DELETE' && c.path === emqxClientPath(d.code));

describe('a changed credential ends the connection signed with the old one (EMQX, stood in for)', () => {
  it('a secret reset kicks the client through the API with the API key; the old secret is refused, the new one signs in', async () => {
    const { d, client } = await online();
    const deviceSecret = await resetClosing(env.t.app, env.caller, d.id, client);
    expect(kicksOf(d)).toEqual([{ method: 'DELETE', path: `/api/v5/clients/${d.code}`, authorized: true }]);
    expect(await connectAs(d)).toMatch(/Not authorized/i);
    expect(typeof (await connectAs({ ...d, secret: deviceSecret }))).toBe('object');
  });

  it('a disable, a delete and a move kick the client', async () => {
    const devices = [await online(), await online(), await online()];
    const closed = devices.map(({ client }) => closedOf(client));
    const [disabled, deleted, moved] = devices.map(({ d }) => d) as [TestDevice, TestDevice, TestDevice];
    await ok(call(env.t.app, disableDevice, { deviceId: disabled.id }, env.caller));
    await ok(call(env.t.app, deleteDevice, { deviceId: deleted.id }, env.caller));
    await ok(call(env.t.app, moveDevices, { deviceIds: [moved.id], targetDealerId: env.other }, env.caller));
    await Promise.all(closed);
    for (const d of [disabled, deleted, moved]) expect(kicksOf(d)).toHaveLength(1);
    expect(await connectAs(disabled)).toMatch(/Not authorized/i);
    expect(await connectAs(deleted)).toMatch(/Not authorized/i);
    expect(typeof (await connectAs(moved))).toBe('object');
  });

  it('takes a kick of a client that is not connected (404) as done, and refuses wrong API credentials (401)', async () => {
    await expect(
      emqxApi({ url: env.emqx.apiUrl, key: env.emqx.apiKey, secret: env.emqx.apiSecret }).kick('NOTCONNECTED01'),
    ).resolves.toBeUndefined();
    await expect(
      emqxApi({ url: env.emqx.apiUrl, key: env.emqx.apiKey, secret: 'wrong' }).kick('NOTCONNECTED01'),
    ).rejects.toThrow(/HTTP 401/);
  });
});

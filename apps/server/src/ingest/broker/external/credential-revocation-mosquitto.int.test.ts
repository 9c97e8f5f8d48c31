import {
  Button,
  deleteDevice,
  deleteDevices,
  DEVICE_REGISTER_PATH,
  disableDevice,
  moveDevices,
  revealProductSecret,
  setDynamicRegistration,
} from '@dcc/contract';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice, waitFor, type TestDevice } from '../../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../../test/own-mosquitto.ts';
import {
  answerOf as ok,
  closedOf,
  resetClosing,
  connectOrRefusal,
  demoReport,
  storedRows as rowsOf,
} from '../../../../test/revocation.ts';
import { loadLinkConfig } from '../../../link-config.ts';
import { registrationSign } from '../../../modules/registration/register.ts';
import { loadExternalBrokerConfig } from './external-config.ts';

/**
 * A changed credential ends what was signed with the old one, through an enforcing Mosquitto of the
 * test's own (dynamic security): the server, a client of that broker, is told of a secret reset,
 * disable, delete (single and batch) and move through the console calls, and the device's connection
 * to Mosquitto closes at once; the old secret is refused afterwards, the new one signs in and reports.
 */
const env = {} as {
  broker: OwnMosquitto;
  t: TestApp;
  dealer: string;
  other: string;
  caller: { sessionid: string; dealersId: string };
};
const clients: MqttClient[] = [];

beforeAll(async () => {
  env.broker = await startOwnMosquitto({ dynsec: true });
  const vars = {
    MQTT_URL: env.broker.url,
    MQTT_USERNAME: env.broker.admin.username,
    MQTT_PASSWORD: env.broker.admin.password,
    MQTT_CLIENT_ID: 'dcc-revocation',
    MQTT_CONNECTIONS: '1',
    MOSQUITTO_DYNSEC: 'on',
  };
  env.t = await startTestApp({ link: loadLinkConfig(vars), externalBroker: loadExternalBrokerConfig(vars) });
  await waitFor('the server connected to Mosquitto', () => env.t.deviceSide.brokerConnected());
  env.dealer = await newDealer(env.t.db, { level: 0 });
  env.other = await newDealer(env.t.db, { parentId: env.dealer, level: 1 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.dealer, user.id, [
    Button.DEVICES,
    Button.DEVICE_ACTIVATE,
    Button.DEVICE_MOVE,
    Button.PRODUCTS,
  ]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.dealer };
}, 60_000);
afterAll(async () => {
  for (const client of clients) await client.endAsync(true).catch(() => undefined);
  await env.t?.close();
  await env.broker?.dispose();
});

/** Connects as the device signed for Mosquitto (timestamp 0); answers the client or the CONNACK refusal. */
const connectAs = (d: TestDevice) => connectOrRefusal(env.broker.url, signDeviceLogin(d.code, d.secret, 0), clients);
/** Connects once Mosquitto knows the device's current secret (the server tells it right after the call answered). */
async function connected(d: TestDevice): Promise<MqttClient> {
  let client: MqttClient | string = '';
  await waitFor(`${d.code} accepted by Mosquitto`, async () => typeof (client = await connectAs(d)) !== 'string');
  return client as unknown as MqttClient;
}
/** A registered device, admitted by Mosquitto, connected with its secret. */
async function online(): Promise<{ d: TestDevice; client: MqttClient }> {
  const d = await newDemoDevice(env.t, { dealerId: env.dealer });
  env.t.deviceSide.admit(d.code);
  return { d, client: await connected(d) };
}
const refused = /Not authorized|Bad User Name or Password/i;
const report = (d: TestDevice) => demoReport(d, 1);
const storedRows = (id: string) => rowsOf(env.t.db, id);

describe('a changed credential ends the connection signed with the old one (own enforcing Mosquitto)', () => {
  it('a secret reset closes the live connection; the old secret is refused and the new one signs in and reports', async () => {
    const { d, client } = await online();
    const deviceSecret = await resetClosing(env.t.app, env.caller, d.id, client);
    expect(await connectAs(d)).toMatch(refused);
    const renewed = await connected({ ...d, secret: deviceSecret });
    await renewed.publishAsync(`dev/${d.code}/up`, report(d), { qos: 1 });
    await waitFor('the report of the new connection stored', async () => (await storedRows(d.id)) > 0);
  });

  it('a disable, a delete and a batch delete close the live connection; the device is refused afterwards', async () => {
    const disabled = await online();
    const deleted = await online();
    const batch = [await online(), await online()];
    const closed = [disabled, deleted, ...batch].map(({ client }) => closedOf(client));
    await ok(call(env.t.app, disableDevice, { deviceId: disabled.d.id }, env.caller));
    await ok(call(env.t.app, deleteDevice, { deviceId: deleted.d.id }, env.caller));
    await ok(call(env.t.app, deleteDevices, { deviceIds: batch.map(({ d }) => d.id) }, env.caller));
    await Promise.all(closed);
    for (const { d } of [disabled, deleted, ...batch]) expect(await connectAs(d)).toMatch(refused);
  });

  it('a sign-in made the moment a disable or a reset closes the connection is refused (old state never readmitted)', async () => {
    const signInAtClose = (client: MqttClient, d: TestDevice) =>
      new Promise<MqttClient | string>((resolve) => client.once('close', () => resolve(connectAs(d))));
    const disabled = await online();
    const atDisable = signInAtClose(disabled.client, disabled.d);
    await ok(call(env.t.app, disableDevice, { deviceId: disabled.d.id }, env.caller));
    expect(await atDisable).toMatch(refused);
    const reset = await online();
    const atReset = signInAtClose(reset.client, reset.d);
    await resetClosing(env.t.app, env.caller, reset.d.id, reset.client);
    expect(await atReset).toMatch(refused);
  });

  it('a move to another dealer closes the live connection; the device signs in again with its secret', async () => {
    const { d, client } = await online();
    const closed = closedOf(client);
    await ok(call(env.t.app, moveDevices, { deviceIds: [d.id], targetDealerId: env.other }, env.caller));
    await closed;
    const again = await connected(d);
    await again.publishAsync(`dev/${d.code}/up`, report(d), { qos: 1 });
    await waitFor('the report after the move stored', async () => (await storedRows(d.id)) > 0);
  });

  it('admits a device that registered itself (dynamic registration): Mosquitto lets its secret sign in', async () => {
    const product = await env.t.db
      .selectFrom('products')
      .select(['id', 'product_key'])
      .where('product_key', '=', 'pkhpa200demo')
      .executeTakeFirstOrThrow();
    await ok(call(env.t.app, setDynamicRegistration, { productId: product.id, enabled: true }, env.caller));
    const { productSecret } = (await ok(
      call(env.t.app, revealProductSecret, { productId: product.id }, env.caller),
    )) as { productSecret: string };
    const request = {
      productKey: product.product_key,
      deviceCode: `DYNREV${Date.now().toString(36).toUpperCase()}`,
      random: `r${Date.now()}`,
    };
    const response = await env.t.app.inject({
      method: 'POST',
      url: DEVICE_REGISTER_PATH,
      payload: { ...request, sign: registrationSign(productSecret, request) },
    });
    const answer = response.json() as {
      error_code: number;
      objectResult: { deviceCode: string; deviceSecret: string };
    };
    expect(answer.error_code).toBe(0);
    const row = await env.t.db
      .selectFrom('devices')
      .select('id')
      .where('device_code', '=', request.deviceCode)
      .executeTakeFirstOrThrow();
    await connected({ id: row.id, code: request.deviceCode, secret: answer.objectResult.deviceSecret });
  });
});

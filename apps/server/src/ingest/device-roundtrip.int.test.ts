import { Button, ErrorCode, lockDevice, setDevicePointValues, unlockDevice, type CommandAnswer } from '@dcc/contract';
import { VirtualDevice } from '@dcc/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyOf, newDemoDevice, presenceOf, waitFor, type TestDevice } from '../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { BROKER_MODES } from '../../test/broker-modes.ts';
import { currentValues } from './pipeline/current-values.ts';

/**
 * The whole device path with nothing stood in, in both broker modes: a simulated DTU signs in to the
 * broker, its reports go through the server's own ingest pipeline into the database, and the console's
 * commands go down to it and come back as its replies. External mode uses MQTT_URL when set (CI: this
 * machine's Mosquitto), else a Mosquitto of its own.
 */
const SET_HOT = 3;

describe.each(BROKER_MODES)('a simulated DTU through $name and the ingest pipeline', (mode) => {
  const env = {} as {
    t: TestApp;
    device: TestDevice;
    dtu: VirtualDevice;
    caller: { sessionid: string; dealersId: string };
    stop(): Promise<void>;
  };

  beforeAll(async () => {
    const broker = await mode.start();
    env.stop = broker.stop;
    env.t = await startTestApp(broker.overrides);
    const dealer = await newDealer(env.t.db, { level: 0 });
    env.device = await newDemoDevice(env.t, { dealerId: dealer });
    const user = await newUser(env.t.db);
    await newMember(env.t.db, dealer, user.id, [Button.DEVICES, Button.DEVICE_CONTROL, Button.DEVICE_ACTIVATE]);
    env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: dealer };
    env.dtu = new VirtualDevice({
      url: broker.deviceUrl(env.t),
      identity: { code: env.device.code, secret: env.device.secret, kind: 'heatPump' },
      reportIntervalMs: 200,
      heartbeatIntervalMs: 500,
    });
    env.dtu.start();
  }, 60_000);
  afterAll(async () => {
    await env.dtu?.stop();
    await env.t?.close();
    await env.stop?.();
  });

  const valueOf = async (address: number) => (await currentValues(env.t.db, env.device.id)).get(address);

  it('comes online, and its reports and heartbeats are stored', async () => {
    await waitFor(
      'the device online',
      async () => (await presenceOf(env.t, env.device.id)).status === 'ONLINE',
      10_000,
    );
    await waitFor('a stored report', async () => (await valueOf(SET_HOT)) !== undefined, 10_000);
    await waitFor(
      'a stored heartbeat',
      async () => {
        const row = await env.t.db
          .selectFrom('devices')
          .select(['signal', 'dtu_link'])
          .where('id', '=', env.device.id)
          .executeTakeFirstOrThrow();
        return row.signal !== null && row.dtu_link !== null;
      },
      10_000,
    );
  });

  it('applies a set command from the console and reports the new value', async () => {
    const target = (await valueOf(SET_HOT)) === 50 ? 52 : 50;
    const answer = await call<CommandAnswer>(
      env.t.app,
      setDevicePointValues,
      { deviceId: env.device.id, values: [{ address: SET_HOT, value: target }] },
      env.caller,
    );
    expect(answer.body).toMatchObject({
      error_code: 0,
      objectResult: { outcome: 'applied', statusName: 'accepted', values: [{ address: SET_HOT, value: target }] },
    });
    await waitFor('the new value reported', async () => (await valueOf(SET_HOT)) === target, 10_000);
  });

  it('locks the device on its acceptance, refuses commands while locked, and unlocks', async () => {
    expect((await call(env.t.app, lockDevice, { deviceId: env.device.id }, env.caller)).body).toMatchObject({
      error_code: 0,
      objectResult: { outcome: 'applied' },
    });
    const refused = await call(
      env.t.app,
      setDevicePointValues,
      { deviceId: env.device.id, values: [{ address: SET_HOT, value: 45 }] },
      env.caller,
    );
    expect(refused.body.error_code).toBe(ErrorCode.DEVICE_LOCKED);
    expect((await call(env.t.app, unlockDevice, { deviceId: env.device.id }, env.caller)).body).toMatchObject({
      error_code: 0,
      objectResult: { outcome: 'applied' },
    });
  });

  it('goes offline with 200 when the DTU disconnects cleanly', async () => {
    await env.dtu.stop();
    await waitFor(
      'the device offline',
      async () => (await presenceOf(env.t, env.device.id)).connected === false,
      10_000,
    );
    expect(await presenceOf(env.t, env.device.id)).toMatchObject({ status: 'OFFLINE', offline_code: 200 });
    expect((await historyOf(env.t, env.device.id)).at(-1)).toBe('off:200');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  historyOf,
  newDemoDevice,
  presenceOf,
  startLinkApp,
  waitFor,
} from '../../../test/device-link.ts';
import type { TestApp } from '../../../test/harness.ts';
import { cascadeGatewaysOffline, childOnline } from '../../modules/topology/cascade.ts';

const env = {} as { t: TestApp };
beforeAll(async () => {
  env.t = await startLinkApp();
});
afterAll(async () => env.t.close());

describe('a gateway going offline on the embedded broker', () => {
  it('takes the children online through it offline with 1913, and leaves the others alone', async () => {
    const gateway = await newDemoDevice(env.t);
    const child = await newDemoDevice(env.t);
    const stranger = await newDemoDevice(env.t);
    await env.t.db
      .insertInto('device_topology')
      .values({ gateway_device_id: gateway.id, child_device_id: child.id })
      .execute();
    const client = await connectDevice(env.t, gateway);
    const own = await connectDevice(env.t, stranger);
    await waitFor('the gateway online', async () => (await presenceOf(env.t, gateway.id)).connected);
    await childOnline(env.t.deviceSide.presence, gateway.code, child.code);
    expect(await presenceOf(env.t, child.id)).toMatchObject({ status: 'ONLINE', connected: true });

    await client.endAsync();
    await waitFor('the child offline', async () => !(await presenceOf(env.t, child.id)).connected);
    expect(await presenceOf(env.t, gateway.id)).toMatchObject({ status: 'OFFLINE', offline_code: 200 });
    expect(await presenceOf(env.t, child.id)).toMatchObject({ status: 'OFFLINE', offline_code: 1913 });
    expect(await historyOf(env.t, child.id)).toEqual(['on:200', 'off:1913']);
    expect(await presenceOf(env.t, stranger.id)).toMatchObject({ status: 'ONLINE', connected: true });
    await own.endAsync();
  });

  it("leaves a child online that the gateway's next connection reported after the old one ended", async () => {
    const gateway = await newDemoDevice(env.t);
    const child = await newDemoDevice(env.t);
    await env.t.db
      .insertInto('device_topology')
      .values({ gateway_device_id: gateway.id, child_device_id: child.id })
      .execute();
    const presence = env.t.deviceSide.presence;
    const ended = new Date(Date.now() - 1000);
    await childOnline(presence, gateway.code, child.code, new Date(ended.getTime() - 5000));
    await childOnline(presence, gateway.code, child.code, new Date(ended.getTime() + 500));
    expect(await cascadeGatewaysOffline(env.t.db, presence, [{ deviceId: gateway.id, at: ended }])).toBe(0);
    expect(await presenceOf(env.t, child.id)).toMatchObject({ status: 'ONLINE', connected: true });
    expect(await cascadeGatewaysOffline(env.t.db, presence, [{ deviceId: gateway.id, at: new Date() }])).toBe(1);
    expect(await presenceOf(env.t, child.id)).toMatchObject({ status: 'OFFLINE', offline_code: 1913 });
  });
});

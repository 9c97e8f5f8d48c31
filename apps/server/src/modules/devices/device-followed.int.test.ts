import { Button, followDevices, getDevice, unfollowDevices } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealer, newDevice, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { secretBox } from './secret-box.ts';

/** The detail's follow button reads getDevice's `followed`: the caller's own favourites, not another member's. */
const env = {} as {
  t: TestApp;
  me: { sessionid: string; dealersId: string };
  other: { sessionid: string; dealersId: string };
  device: string;
};

beforeAll(async () => {
  env.t = await startTestApp();
  const A = await newDealer(env.t.db, { level: 0 });
  const me = await newUser(env.t.db);
  const other = await newUser(env.t.db);
  await newMember(env.t.db, A, me.id, [Button.DEVICES, Button.COLLECTIONS]);
  await newMember(env.t.db, A, other.id, [Button.DEVICES, Button.COLLECTIONS]);
  env.me = { sessionid: await loginAs(env.t.app, me.phone), dealersId: A };
  env.other = { sessionid: await loginAs(env.t.app, other.phone), dealersId: A };
  env.device = await newDevice(env.t.db, A, secretBox(loadConfig({}).deviceSecretKey));
});
afterAll(async () => env.t.close());

const followed = async (as: { sessionid: string; dealersId: string }) =>
  (await call<{ followed: boolean }>(env.t.app, getDevice, { deviceId: env.device }, as)).body.objectResult!.followed;

describe("getDevice's followed flag", () => {
  it('is true for the caller who follows the device, false for another member, and false again after unfollowing', async () => {
    expect(await followed(env.me)).toBe(false);
    expect((await call(env.t.app, followDevices, { deviceIds: [env.device] }, env.me)).body.error_code).toBe(0);
    expect(await followed(env.me)).toBe(true);
    expect(await followed(env.other)).toBe(false);
    expect((await call(env.t.app, unfollowDevices, { deviceIds: [env.device] }, env.me)).body.error_code).toBe(0);
    expect(await followed(env.me)).toBe(false);
  });
});

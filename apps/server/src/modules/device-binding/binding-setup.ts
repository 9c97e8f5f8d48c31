import { Button } from '@dcc/contract';
import { afterAll, beforeAll } from 'vitest';
import { newDealer, newDevice, newMember, newUser } from '../../../test/factories.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The tree of the binding tests: P (level 0) -> A -> A1, and B beside A. The caller is a member of A
 * holding the barcode and MAC buttons: A and A1 are in scope, P and B are foreign.
 */
export interface BindingTree {
  P: string;
  A: string;
  A1: string;
  B: string;
  asCaller: { sessionid: string; dealersId: string };
}

export async function buildBindingTree(t: TestApp): Promise<BindingTree> {
  const P = await newDealer(t.db, { level: 0 });
  const A = await newDealer(t.db, { parentId: P, level: 1 });
  const A1 = await newDealer(t.db, { parentId: A, level: 2 });
  const B = await newDealer(t.db, { parentId: P, level: 1 });
  const caller = await newUser(t.db);
  await newMember(t.db, A, caller.id, [Button.DEVICE_MANAGE, Button.SN_BOUND, Button.MAC]);
  return { P, A, A1, B, asCaller: { sessionid: await loginAs(t.app, caller.phone), dealersId: A } };
}

/** The app and the tree of one test file: started before its tests, closed after them. */
export function useBindingApp(): { t: TestApp; tree: BindingTree } {
  const env = {} as { t: TestApp; tree: BindingTree };
  beforeAll(async () => {
    env.t = await startTestApp();
    env.tree = await buildBindingTree(env.t);
  });
  afterAll(async () => env.t.close());
  return env;
}

const box = { seal: (secret: string) => Buffer.from(secret) };

/** A device of `dealerId`: its id and IoT code. */
export async function deviceOf(t: TestApp, dealerId: string): Promise<{ deviceId: string; deviceCode: string }> {
  const deviceId = await newDevice(t.db, dealerId, box);
  const row = await t.db
    .selectFrom('devices')
    .select('device_code')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return { deviceId, deviceCode: row.device_code };
}

let sequence = 0;
/** A barcode no other test uses. */
export const freshSn = (): string => `SN-${Date.now().toString(36).toUpperCase()}-${(sequence += 1)}`;
/** A unicast MAC address no other test uses. */
export function freshMac(): string {
  sequence += 1;
  const bytes = [
    0x3c,
    (Date.now() >> 16) & 0xff,
    (Date.now() >> 8) & 0xff,
    Date.now() & 0xff,
    (sequence >> 8) & 0xff,
    sequence & 0xff,
  ];
  return bytes.map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

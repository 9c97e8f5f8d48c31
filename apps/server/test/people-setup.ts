import { Button } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { newDealer, newMember, newUser } from './factories.ts';
import { loginAs, startTestApp, type TestApp } from './harness.ts';

/** Every button of the people-record calls. */
export const PEOPLE_BUTTONS = [
  Button.DEALER_MANAGE,
  Button.CUSTOMERS,
  Button.PDA_USERS,
  Button.DEPARTMENTS,
  Button.ENGINEERS,
  Button.LOG_MANAGE,
  Button.ACCOUNT_LOG,
];

/**
 * A small tree for the people-record tests: P (level 0) -> A -> A1, and B beside A. The caller is
 * a member of A holding the people buttons, acting in A: P and B are foreign, A1 is in scope.
 */
export interface PeopleTree {
  P: string;
  A: string;
  A1: string;
  B: string;
  caller: { userId: string; phone: string; realName: string };
  /** Call options of the caller acting in A. */
  asCaller: { sessionid: string; dealersId: string };
}

export async function buildPeopleTree(t: TestApp): Promise<PeopleTree> {
  const db: Kysely<DB> = t.db;
  const P = await newDealer(db, { level: 0 });
  const A = await newDealer(db, { parentId: P, level: 1 });
  const A1 = await newDealer(db, { parentId: A, level: 2 });
  const B = await newDealer(db, { parentId: P, level: 1 });
  const realName = 'People Admin';
  const caller = await newUser(db, { realName });
  await newMember(db, A, caller.id, PEOPLE_BUTTONS);
  const sessionid = await loginAs(t.app, caller.phone);
  return {
    P,
    A,
    A1,
    B,
    caller: { userId: caller.id, phone: caller.phone, realName },
    asCaller: { sessionid, dealersId: A },
  };
}

let sequence = 0;
/** A phone no other test uses (prefix 147, valid by the phone rule). */
export const freshPhone = (): string =>
  `147${String(Date.now() % 1e5).padStart(5, '0')}${String((sequence += 1) % 1000).padStart(3, '0')}`;
/** A PDA login name no other test uses. */
export const freshLoginName = (): string => `pda_${Date.now().toString(36)}${(sequence += 1)}`;

/** The app and the people tree of one test file: started before its tests, closed after them. */
export function usePeopleApp(): { t: TestApp; tree: PeopleTree } {
  const env = {} as { t: TestApp; tree: PeopleTree };
  beforeAll(async () => {
    env.t = await startTestApp();
    env.tree = await buildPeopleTree(env.t);
  });
  afterAll(async () => env.t.close());
  return env;
}

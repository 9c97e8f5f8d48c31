import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { localDeviceEvents } from '../src/events/device-events.ts';
import { devicePresence } from '../src/ingest/presence/presence.ts';
import { call, type TestApp } from './harness.ts';

/** Calls as one signed-in caller, in the server's default language or the one given (zh_CN, en_US). */
export function askAs(t: () => TestApp, caller: () => { sessionid: string; dealersId: string }) {
  return <T>(def: Parameters<typeof call>[1], body: Record<string, unknown>, language?: string) =>
    call<T>(t().app, def, body, { ...caller(), ...(language ? { language } : {}) });
}

/** The device came online at `at` and was dropped a minute later for a keep-alive timeout (1910). */
export async function onlineThenTimedOut(db: Kysely<DB>, deviceCode: string, at: number): Promise<void> {
  const presence = devicePresence(db, localDeviceEvents());
  await presence.online(deviceCode, 'c1', new Date(at));
  await presence.offline(deviceCode, 'c1', 1910, new Date(at + 60_000));
}

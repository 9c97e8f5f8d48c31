import { Button, listAbnormalDevices, type AbnormalDevice } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice } from '../../../test/ingest-setup.ts';
import { COUNT_AHEAD_PAGES } from '../../db/page.ts';

/**
 * The abnormal list reads its two sources apart (refusal counters; long-offline devices by last online time) and
 * merges them: a device's latest time is the latest of all its reasons, whichever reason matched the filter.
 */
type Answer = { list: AbnormalDevice[]; totalSize: number; totalExact: boolean };
const env = {} as { t: TestApp; asCaller: { sessionid: string; dealersId: string }; codes: Record<string, string> };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms);
const iso = (ms: number) => ago(ms).toISOString();
const OFFLINE_ONLY = 14;

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const company = await newDealer(db, { level: 0 });
  const caller = await newUser(db);
  await newMember(db, company, caller.id, [Button.ABNORMAL_DEVICES]);
  env.asCaller = { sessionid: await loginAs(env.t.app, caller.phone), dealersId: company };
  env.codes = {};
  const device = async (name: string, lastOnline: Date | null, connected = false) => {
    const { id, code } = await demoDevice(db, company);
    await db.updateTable('devices').set({ last_online_at: lastOnline, connected }).where('id', '=', id).execute();
    env.codes[name] = code;
    return code;
  };
  const refused = (code: string, reason: string, count: number, last: Date) =>
    db
      .insertInto('ingest_refusals')
      .values({ device_code: code, reason, count, first_at: new Date(last.getTime() - DAY), last_at: last })
      .execute();
  // both: offline the longest, yet its latest reason (malformed, an hour ago) puts it first.
  const both = await device('both', ago(30 * DAY));
  await refused(both, 'frame.crc', 4, ago(HOUR));
  await refused(both, 'link.publishThrottled', 9, ago(2 * DAY));
  // stale: refused long before it went offline; listed by its offline time.
  await refused(await device('stale', ago(3 * DAY + 12 * HOUR)), 'value.outOfRange', 2, ago(40 * DAY));
  // online: connected, refusing only.
  await refused(await device('online', ago(10 * 60_000), true), 'frame.tooShort', 1, ago(5 * HOUR));
  // Not abnormal: offline for an hour only, and never online.
  await device('recent', ago(HOUR));
  await device('never', null);
  for (let k = 0; k < OFFLINE_ONLY; k++) await device(`offline${k}`, ago((4 + k) * DAY));
}, 120_000);
afterAll(async () => env.t?.close());

const abnormal = async (body: Record<string, unknown> = {}) =>
  (await call<Answer>(env.t.app, listAbnormalDevices, { pageSize: 100, ...body }, env.asCaller)).body.objectResult!;
const names = (answer: Answer) =>
  answer.list.map((d) => Object.keys(env.codes).find((name) => env.codes[name] === d.deviceCode));
const OFFLINE = Array.from({ length: OFFLINE_ONLY }, (_, k) => `offline${k}`);

describe('abnormal list over both sources', () => {
  it('merges both sources by each device latest time and lists a device with both kinds of reasons once, with all of them', async () => {
    const all = await abnormal();
    expect(names(all)).toEqual(['both', 'online', 'stale', ...OFFLINE]);
    expect(all).toMatchObject({ totalSize: 3 + OFFLINE_ONLY, totalExact: true });
    const both = all.list[0]!;
    expect(both.lastTime).toBe(iso(HOUR));
    expect(both.reasons.map((r) => [r.reason, r.count, r.lastTime])).toEqual([
      ['flood', 9, iso(2 * DAY)],
      ['longOffline', 30, iso(30 * DAY)],
      ['malformed', 4, iso(HOUR)],
    ]);
    expect(all.list[2]!.reasons.map((r) => r.reason)).toEqual(['longOffline', 'outOfRange']);
    expect(all.list[2]!.lastTime).toBe(iso(3 * DAY + 12 * HOUR));
  });

  it('pages across both sources in the same order', async () => {
    const whole = names(await abnormal());
    const paged: unknown[] = [];
    for (let pageIndex = 1; pageIndex <= 6; pageIndex++)
      paged.push(...names(await abnormal({ pageSize: 3, pageIndex })));
    expect(paged).toEqual(whole);
  });

  it('filters by reason and window on the reason, and orders by the device latest time of any reason', async () => {
    expect(names(await abnormal({ reason: 'longOffline' }))).toEqual(['both', 'stale', ...OFFLINE]);
    expect(names(await abnormal({ reason: 'malformed' }))).toEqual(['both', 'online']);
    expect(names(await abnormal({ reason: 'flood' }))).toEqual(['both']);
    expect(names(await abnormal({ reason: 'outOfRange' }))).toEqual(['stale']);
    // Matched by its offline time 30 days ago, shown with its latest time an hour ago.
    const old = await abnormal({ reason: 'longOffline', endTime: iso(20 * DAY) });
    expect(names(old)).toEqual(['both']);
    expect(old.list[0]!.lastTime).toBe(iso(HOUR));
    expect(names(await abnormal({ startTime: iso(6 * DAY), endTime: iso(DAY) }))).toEqual([
      'both',
      'stale',
      'offline0',
      'offline1',
      'offline2',
    ]);
    expect(names(await abnormal({ reason: 'malformed', keyword: env.codes.online }))).toEqual(['online']);
    expect(await abnormal({ reason: 'malformed', startTime: iso(HOUR / 2) })).toMatchObject({
      totalSize: 0,
      totalExact: true,
      list: [],
    });
  });

  it(`counts the long-offline devices only ${COUNT_AHEAD_PAGES} pages ahead and then answers a lower bound`, async () => {
    // Pages of 1 row: the walk by last online time reads 12 devices (11 pages ahead and one more): stale, counted with the
    // 3 refusing devices, and 11 of the long-offline ones; so at least 14 match, "more than 13".
    const short = await abnormal({ pageSize: 1 });
    expect(COUNT_AHEAD_PAGES).toBe(10);
    expect(short).toMatchObject({ totalSize: 13, totalExact: false });
    expect(names(short)).toEqual(['both']);
    expect(await abnormal({ pageSize: 1, reason: 'malformed' })).toMatchObject({ totalSize: 2, totalExact: true });
    expect(await abnormal({ pageSize: 2 })).toMatchObject({ totalSize: 3 + OFFLINE_ONLY, totalExact: true });
  });
});

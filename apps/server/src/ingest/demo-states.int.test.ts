import {
  getDevice,
  getPointHistory,
  listAbnormalDevices,
  listFaults,
  OfflineReason,
  type AbnormalDevice,
  type CallResponse,
  type FaultRecord,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/until.ts';
import { DemoPhone } from '../db/seed/demo.ts';
import { DEMO_DEVICE_STATES } from '../db/seed/demo-fleet-states.ts';
import { loadLinkConfig } from '../link-config.ts';
import { DEMO_HISTORY_DAYS, DEMO_HISTORY_STEP_MS } from './demo-history.ts';
import { startDemoFleet, type DemoFleetRun } from './demo-fleet-runner.ts';

/**
 * The demo fleet as a new user meets it (issue 20): a 40-device fleet (every demo state is among its
 * devices) on the embedded broker, its history stored on the first start; what the console's calls
 * answer shows each state: offline with its reason and check method, malformed and flooding devices
 * and a long-offline one on the abnormal list, locked units, open faults, and a week of curve.
 */
const FLEET = 40;
let t: TestApp;
let run: DemoFleetRun | null;
let asOperator: { sessionid: string; dealersId: string };
const ids = new Map<string, string>();

const operatorCall = async <T>(def: Parameters<typeof call>[1], payload: Record<string, unknown>) => {
  const answer = await call<T>(t.app, def, payload, asOperator);
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult as T;
};
const detail = (code: string) => operatorCall<CallResponse<typeof getDevice>>(getDevice, { deviceId: ids.get(code) });

beforeAll(async () => {
  const simulator = { devices: FLEET, connectRatePerSecond: 100, reportSeconds: 2 };
  t = await startTestApp({ simulator, link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' } });
  run = await startDemoFleet({
    mqttUrl: `mqtt://127.0.0.1:${t.deviceSide.mqttPort}`,
    db: t.db,
    config: t.config,
    log: { info: () => undefined, warn: () => undefined } as never,
    ingest: t.deviceSide.ingest,
  });
  const platform = await t.db.selectFrom('dealers').select('id').where('code', '=', 'AURORA').executeTakeFirstOrThrow();
  asOperator = { sessionid: await loginAs(t.app, DemoPhone.OPERATOR), dealersId: platform.id };
  const rows = await t.db.selectFrom('devices').select(['id', 'device_code']).execute();
  for (const r of rows) ids.set(r.device_code, r.id);
}, 180_000);
afterAll(async () => {
  await run?.stop();
  await t?.close();
});

const codesWith = (pick: (s: (typeof DEMO_DEVICE_STATES)[string]) => unknown) =>
  Object.entries(DEMO_DEVICE_STATES)
    .filter(([, s]) => pick(s))
    .map(([code]) => code);

describe('the demo fleet shows every state', () => {
  it('devices offline for different reasons, each with its reason and check method', async () => {
    const offline = codesWith((s) => s.offline);
    expect(new Set(offline.map((c) => DEMO_DEVICE_STATES[c]!.offline!.code)).size).toBe(offline.length);
    for (const code of offline) {
      const device = await detail(code);
      expect(device.status).toBe('OFFLINE');
      expect(device.connected).toBe(false);
      expect(device.offlineCode).toBe(DEMO_DEVICE_STATES[code]!.offline!.code);
      expect(device.offlineReason).toBeTruthy();
      expect(device.offlineCheckMethod).toBeTruthy();
    }
    expect(offline.map((c) => DEMO_DEVICE_STATES[c]!.offline!.code)).toContain(OfflineReason.HEARTBEAT_TIMEOUT);
  });

  it('the abnormal list shows malformed, flooding and long-offline devices', async () => {
    const expected = new Map<string, string>([
      ...codesWith((s) => s.misbehaviour === 'malformed').map((c) => [c, 'malformed'] as [string, string]),
      ...codesWith((s) => s.misbehaviour === 'burst').map((c) => [c, 'flood'] as [string, string]),
      ...codesWith((s) => s.offline && s.offline.hoursAgo > 72).map((c) => [c, 'longOffline'] as [string, string]),
    ]);
    expect(new Set(expected.values())).toEqual(new Set(['malformed', 'flood', 'longOffline']));
    let listed: AbnormalDevice[] = [];
    await waitFor(
      'every misbehaving demo device on the abnormal list',
      async () => {
        listed = (await operatorCall<CallResponse<typeof listAbnormalDevices>>(listAbnormalDevices, { pageSize: 100 }))
          .list;
        return [...expected].every(([code, reason]) =>
          listed.some((d) => d.deviceCode === code && d.reasons.some((r) => r.reason === reason)),
        );
      },
      60_000,
    );
    // The well-behaved running devices are not listed.
    expect(listed.some((d) => d.deviceCode === 'HP2406A0001')).toBe(false);
  });

  it('locked units, and open faults on the units that keep a fault', async () => {
    for (const code of codesWith((s) => s.locked)) expect((await detail(code)).locked).toBe(true);
    expect((await detail('HP2406A0001')).locked).toBe(false);
    const faulty = codesWith((s) => s.stuckFaults);
    await waitFor(
      'an open fault on every demo unit that keeps one',
      async () => {
        const open = (
          await operatorCall<CallResponse<typeof listFaults>>(listFaults, { status: 'notRepaired', pageSize: 100 })
        ).list as FaultRecord[];
        return faulty.every((code) => open.some((f) => f.deviceCode === code));
      },
      60_000,
    );
    for (const code of faulty) expect((await detail(code)).faultState).toBe(true);
  });

  it('a week of history at the coarse step, so curves have data on the first open', async () => {
    const now = Date.now();
    const history = await operatorCall<CallResponse<typeof getPointHistory>>(getPointHistory, {
      deviceId: ids.get('HP2406A0001'),
      startTime: new Date(now - DEMO_HISTORY_DAYS * 86_400_000).toISOString(),
      endTime: new Date(now).toISOString(),
      addressList: [13],
    });
    const days = (DEMO_HISTORY_DAYS * 86_400_000) / DEMO_HISTORY_STEP_MS;
    expect(history.times.length).toBeGreaterThanOrEqual(days - 2);
    expect(history.times[0]!).toBeLessThan(now - (DEMO_HISTORY_DAYS - 1) * 86_400_000);
    // A device that went offline has history up to when it went, none after.
    const gone = 'HP2406A0020';
    const goneAt = now - DEMO_DEVICE_STATES[gone]!.offline!.hoursAgo * 3_600_000;
    const ended = await operatorCall<CallResponse<typeof getPointHistory>>(getPointHistory, {
      deviceId: ids.get(gone),
      startTime: new Date(now - 86_400_000).toISOString(),
      endTime: new Date(now).toISOString(),
      addressList: [13],
    });
    expect(ended.times.length).toBeGreaterThan(0);
    expect(Math.max(...ended.times)).toBeLessThanOrEqual(goneAt);
  });
});

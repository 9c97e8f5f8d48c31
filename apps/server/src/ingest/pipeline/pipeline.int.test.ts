import { buildPropertyPost, buildReply, encodeControlReply, encodeHeartbeat, encodeSetReply } from '@dcc/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { bytes, demoDevice, demoReport, HEAT_PUMP_TABLE, testPipeline } from '../../../test/ingest-setup.ts';
import { currentValues } from './current-values.ts';

const env = {} as { t: TestApp; dealer: string };

beforeAll(async () => {
  env.t = await startTestApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
});
afterAll(async () => env.t.close());

const historyOf = (deviceId: string) =>
  env.t.db
    .selectFrom('telemetry_history')
    .select(['seq', 'addresses', 'point_values'])
    .where('device_id', '=', deviceId)
    .orderBy('at')
    .execute();
const refusalsOf = async (code: string) =>
  Object.fromEntries(
    (
      await env.t.db.selectFrom('ingest_refusals').select(['reason', 'count']).where('device_code', '=', code).execute()
    ).map((r) => [r.reason, Number(r.count)]),
  );
const faultsOf = (deviceId: string) =>
  env.t.db
    .selectFrom('device_faults')
    .select(['fault_code', 'level', 'fault_type', 'closed_at', 'repaired'])
    .where('device_id', '=', deviceId)
    .orderBy('fault_code')
    .execute();

describe('ingest pipeline', () => {
  it('stores a report: one history row, the latest values, the raw packet, last online time, and a values event', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store, seen } = testPipeline(env.t.db);
    await store(d.code, demoReport(d.code, 7, { 13: -4.5 }));
    const [row] = await historyOf(d.id);
    expect(row!.seq).toBe(7);
    expect(row!.addresses).toContain(13);
    expect(row!.point_values[row!.addresses.indexOf(13)]).toBe(-4.5);
    expect(row!.point_values[row!.addresses.indexOf(19)]).toBeCloseTo(12345.67);
    expect((await currentValues(env.t.db, d.id)).get(13)).toBe(-4.5);
    const raw = await env.t.db
      .selectFrom('raw_packets')
      .select(['kind', 'refusal', 'payload', 'direction'])
      .where('device_id', '=', d.id)
      .execute();
    expect(raw.map((r) => ({ ...r, payload: Buffer.from(r.payload).toString('hex') }))).toEqual([
      { kind: 'report', refusal: null, payload: demoReport(d.code, 7, { 13: -4.5 }).toString('hex'), direction: 'up' },
    ]);
    const device = await env.t.db
      .selectFrom('devices')
      .select('last_online_at')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(device.last_online_at).not.toBeNull();
    expect(seen).toContainEqual(
      expect.objectContaining({
        kind: 'values',
        deviceId: d.id,
        dealerId: env.dealer,
        values: expect.arrayContaining([{ address: 13, value: -4.5 }]),
      }),
    );
    await pipeline.close();
  });

  it('merges later reports into the latest values and keeps the points a report did not carry', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db);
    await store(d.code, demoReport(d.code, 1));
    await store(
      d.code,
      bytes(encodeSetReply(d.code, 'accepted', [{ address: 3, value: 60 }], HEAT_PUMP_TABLE, { seq: 2 })),
    );
    const values = await currentValues(env.t.db, d.id);
    expect(values.get(3)).toBe(60);
    expect(values.get(13)).toBe(-3.5);
    expect(await historyOf(d.id)).toHaveLength(2);
    // Each point's report time is its last message's: the set reply's for 3, the report's for the others.
    const storedAt = new Map(
      (
        await env.t.db.selectFrom('telemetry_history').select(['seq', 'at']).where('device_id', '=', d.id).execute()
      ).map((h) => [h.seq, new Date(h.at).toISOString()]),
    );
    const row = await env.t.db
      .selectFrom('device_values')
      .select(['point_values', 'reported_at'])
      .where('device_id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row.reported_at).sort()).toEqual(Object.keys(row.point_values).sort());
    expect(row.reported_at['3']).toBe(storedAt.get(2));
    expect(
      Object.entries(row.reported_at)
        .filter(([address]) => address !== '3')
        .every(([, at]) => at === storedAt.get(1)),
    ).toBe(true);
    await pipeline.close();
  });

  it('takes signal and DTU-mainboard link from a heartbeat (dBm to weak, moderate, strong)', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db);
    const state = () =>
      env.t.db.selectFrom('devices').select(['signal', 'dtu_link']).where('id', '=', d.id).executeTakeFirstOrThrow();
    await store(d.code, bytes(encodeHeartbeat(d.code, { rssi: -67, mainboardLink: true }, { seq: 1 })));
    expect(await state()).toEqual({ signal: 'strong', dtu_link: true });
    await store(d.code, bytes(encodeHeartbeat(d.code, { rssi: -80, mainboardLink: false }, { seq: 2 })));
    expect(await state()).toEqual({ signal: 'moderate', dtu_link: false });
    await store(d.code, bytes(encodeHeartbeat(d.code, { rssi: -95, mainboardLink: true }, { seq: 3 })));
    expect(await state()).toEqual({ signal: 'weak', dtu_link: true });
    await store(d.code, bytes(encodeHeartbeat(d.code, { rssi: -128, mainboardLink: true }, { seq: 4 })));
    expect(await state()).toEqual({ signal: 'weak', dtu_link: true });
    expect(await historyOf(d.id)).toEqual([]);
    await pipeline.close();
  });

  it('publishes set replies and control replies for the commands waiting on them', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store, seen } = testPipeline(env.t.db);
    await store(
      d.code,
      bytes(encodeSetReply(d.code, 'locked', [{ address: 3, value: 55 }], HEAT_PUMP_TABLE, { seq: 41 })),
    );
    await store(d.code, bytes(encodeControlReply(d.code, 'accepted', 'activate', { seq: 42 })));
    const replies = seen.filter((e) => e.kind === 'reply');
    expect(replies).toEqual([
      expect.objectContaining({
        deviceCode: d.code,
        seq: 41,
        function: 'setReply',
        status: 0x0a,
        statusName: 'locked',
        values: [{ address: 3, value: 55 }],
      }),
      expect.objectContaining({
        deviceCode: d.code,
        seq: 42,
        function: 'controlReply',
        status: 0,
        statusName: 'accepted',
        action: 'activate',
      }),
    ]);
    await pipeline.close();
  });

  it("stores a water heater's Alink property post by its thing model's property positions and publishes Alink replies", async () => {
    const d = await demoDevice(env.t.db, env.dealer, 'pkwhx1demo01');
    const { pipeline, store, seen } = testPipeline(env.t.db);
    await store(
      d.code,
      JSON.stringify(buildPropertyPost('101', { PowerSwitch: true, TargetTemperature: 55, TankTemperature: 48.3 })),
    );
    expect(await historyOf(d.id)).toEqual([{ seq: -1, addresses: [1, 2, 3], point_values: [1, 55, 48.3] }]);
    expect(await currentValues(env.t.db, d.id)).toEqual(
      new Map([
        [1, 1],
        [2, 55],
        [3, 48.3],
      ]),
    );
    await store(d.code, JSON.stringify(buildReply({ id: '102', method: 'thing.service.StartDisinfection' }, 200)));
    expect(seen).toContainEqual(
      expect.objectContaining({ kind: 'reply', deviceCode: d.code, seq: 102, function: 'alinkReply', status: 200 }),
    );
    await store(d.code, JSON.stringify(buildPropertyPost('103', { NoSuchProperty: 1 })));
    await store(d.code, '{"id":');
    expect(await refusalsOf(d.code)).toEqual({ 'ingest.unknownProperty': 1, 'alink.badJson': 1 });
    expect(await historyOf(d.id)).toHaveLength(1);
    await pipeline.close();
  });

  it('counts malformed, oversized, foreign and unknown-device messages per device and reason and stores none of them', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const other = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db, { maxPayloadBytes: 300 });
    const good = demoReport(d.code, 5);
    const badCrc = (k: number) => {
      const bad = Buffer.from(good);
      bad[bad.length - 1]! ^= k;
      return bad;
    };
    await Promise.all([
      store(d.code, badCrc(1)),
      store(d.code, badCrc(2)),
      store(d.code, Buffer.alloc(301, 0xaa)),
      store(d.code, demoReport(other.code, 6)),
      store(d.code, Buffer.from([1, 2, 3])),
      store('NO-SUCH-DEVICE', good),
    ]);
    expect(await refusalsOf(d.code)).toEqual({
      'frame.crcMismatch': 2,
      'ingest.oversized': 1,
      'ingest.topologyMissing': 1,
      'frame.tooShort': 1,
    });
    expect(await refusalsOf('NO-SUCH-DEVICE')).toEqual({ 'ingest.unknownDevice': 1 });
    await store(d.code, badCrc(3));
    await store(d.code, badCrc(3));
    // The second is a redelivery of the first (same payload): counted once.
    expect((await refusalsOf(d.code))['frame.crcMismatch']).toBe(3);
    expect(await historyOf(d.id)).toEqual([]);
    expect(await historyOf(other.id)).toEqual([]);
    const raw = await env.t.db.selectFrom('raw_packets').select(['refusal']).where('device_id', '=', d.id).execute();
    expect(raw.map((r) => r.refusal).sort()).toEqual([
      'frame.crcMismatch',
      'frame.crcMismatch',
      'frame.crcMismatch',
      'frame.tooShort',
      'ingest.oversized',
      'ingest.topologyMissing',
    ]);
    await pipeline.close();
  });

  it('opens the faults a fault-type point shows and closes those it no longer shows (type from the level)', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store, seen } = testPipeline(env.t.db);
    await store(d.code, demoReport(d.code, 1, { 30: 0b00011 }));
    expect(await faultsOf(d.id)).toEqual([
      { fault_code: 'E01', level: 2, fault_type: 'light', closed_at: null, repaired: false },
      { fault_code: 'E02', level: 3, fault_type: 'heavy', closed_at: null, repaired: false },
    ]);
    await store(d.code, demoReport(d.code, 2, { 30: 0b00110 }));
    const faults = await faultsOf(d.id);
    expect(faults.map((f) => [f.fault_code, f.closed_at === null, f.repaired])).toEqual([
      ['E01', false, true],
      ['E02', true, false],
      ['E03', true, false],
    ]);
    expect(seen.filter((e) => e.kind === 'fault').map((e) => e.kind === 'fault' && `${e.faultCode}:${e.open}`)).toEqual(
      ['E01:true', 'E02:true', 'E01:false', 'E03:true'],
    );
    await pipeline.close();
  });

  it('opens and closes a fault within one batch', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db, { batchMs: 50 });
    const t0 = Date.now();
    await Promise.all([
      store(d.code, demoReport(d.code, 1, { 30: 0b10000 }), new Date(t0)),
      store(d.code, demoReport(d.code, 2, { 30: 0 }), new Date(t0 + 1)),
      store(d.code, demoReport(d.code, 3, { 30: 0b10000 }), new Date(t0 + 2)),
    ]);
    const faults = await faultsOf(d.id);
    expect(faults.map((f) => [f.fault_code, f.fault_type, f.closed_at === null]).sort()).toEqual([
      ['E05', 'light', false],
      ['E05', 'light', true],
    ]);
    await pipeline.close();
  });
});

describe('ingest idempotency', () => {
  it('stores a message delivered twice in one batch, across batches and to a second pipeline once', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const first = testPipeline(env.t.db, { batchMs: 50 });
    const report = demoReport(d.code, 900, { 13: 1 });
    await Promise.all([first.store(d.code, report), first.store(d.code, report)]);
    await first.store(d.code, report, new Date(Date.now() + 1000));
    await first.pipeline.close();
    const second = testPipeline(env.t.db);
    await second.store(d.code, report);
    await second.pipeline.close();
    expect(await historyOf(d.id)).toHaveLength(1);
    expect(await env.t.db.selectFrom('raw_packets').select('seq').where('device_id', '=', d.id).execute()).toEqual([
      { seq: 900 },
    ]);
    // Counted in the uplink traffic once, as stored.
    const traffic = await env.t.db
      .selectFrom('device_traffic')
      .select(['bytes_up', 'packets_up'])
      .where('device_id', '=', d.id)
      .execute();
    expect(traffic.map((t) => ({ bytes: Number(t.bytes_up), packets: Number(t.packets_up) }))).toEqual([
      { bytes: report.length, packets: 1 },
    ]);
    expect(first.seen.filter((e) => e.kind === 'values')).toHaveLength(1);
    expect(second.seen).toEqual([]);
    await second.pipeline.close();
  });

  it('stores the same sequence number with other values as another message', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db);
    await store(d.code, demoReport(d.code, 3, { 13: 1 }));
    await store(d.code, demoReport(d.code, 3, { 13: 2 }));
    expect(await historyOf(d.id)).toHaveLength(2);
    await pipeline.close();
  });
});

describe('uplink traffic', () => {
  it("counts a frame on the platform's day: 16:30 UTC is the next day in Asia/Shanghai, 15:30 UTC the same", async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const evening = new Date();
    evening.setUTCHours(16, 30, 0, 0);
    if (evening.getTime() > Date.now()) evening.setUTCDate(evening.getUTCDate() - 1);
    const utcDay = evening.toISOString().slice(0, 10);
    const nextDay = new Date(evening.getTime() + 86_400_000).toISOString().slice(0, 10);
    const { pipeline, store } = testPipeline(env.t.db, { timeZone: 'Asia/Shanghai' });
    const before = demoReport(d.code, 1, { 13: 1 });
    const after = demoReport(d.code, 2, { 13: 2 });
    await store(d.code, before, new Date(evening.getTime() - 3_600_000));
    await store(d.code, after, evening);
    await pipeline.close();
    const rows = await env.t.db
      .selectFrom('device_traffic')
      .select([sql<string>`day::text`.as('day'), 'bytes_up', 'packets_up'])
      .where('device_id', '=', d.id)
      .orderBy('day')
      .execute();
    expect(rows.map((r) => ({ day: r.day, bytes: Number(r.bytes_up), packets: Number(r.packets_up) }))).toEqual([
      { day: utcDay, bytes: before.length, packets: 1 },
      { day: nextDay, bytes: after.length, packets: 1 },
    ]);
  });
});

describe('ingest queue', () => {
  it('writes what is queued on close and refuses messages after it', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db, { batchMs: 10_000, batchSize: 1000 });
    const pending = [1, 2, 3].map((seq) => store(d.code, demoReport(d.code, seq)));
    await pipeline.close();
    await Promise.all(pending);
    expect(await historyOf(d.id)).toHaveLength(3);
    await expect(store(d.code, demoReport(d.code, 4))).rejects.toThrow(/closed/);
  });

  it('closes its flow gate at the high-water mark and opens it below the low-water mark, refusing nothing', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db, { batchMs: 10_000, batchSize: 1000, highWater: 3, lowWater: 1 });
    const queued = [store(d.code, demoReport(d.code, 1)), store(d.code, demoReport(d.code, 2))];
    expect(pipeline.flow.stats()).toMatchObject({ paused: false, queued: 2 });
    queued.push(store(d.code, demoReport(d.code, 3)), store(d.code, demoReport(d.code, 4)));
    expect(pipeline.flow.stats()).toMatchObject({ paused: true, queued: 4, pauses: 1 });
    let resumed = false;
    pipeline.flow.wait(() => (resumed = true));
    await pipeline.close();
    await Promise.all(queued);
    expect(resumed).toBe(true);
    expect(pipeline.flow.stats()).toMatchObject({ paused: false, queued: 0, waiting: 0 });
    expect(await historyOf(d.id)).toHaveLength(4);
  });
});

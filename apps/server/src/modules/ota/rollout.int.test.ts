import {
  ErrorCode,
  ota2CancelTask,
  ota2CreateTask,
  ota2ListUpgradeRecords,
  ota2TaskDetail,
  type OtaTask,
  type OtaTaskDevice,
} from '@dcc/contract';
import { deviceTopic, encodeOtaProgress } from '@dcc/protocol';
import type { OtaBehaviour, VirtualDevice } from '@dcc/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_MODES } from '../../../test/broker-modes.ts';
import { deviceOptions, newDemoDevice, waitFor } from '../../../test/device-link.ts';
import { otaFleet } from '../../../test/ota-fleet.ts';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { newFirmware, otaWorld, type Caller, type OtaWorld } from '../../../test/ota-setup.ts';
import { loadOtaConfig } from '../../ota-config.ts';

/**
 * Whole upgrades with nothing stood in: the server's rollout notifies simulated DTUs over the broker, they
 * download the firmware over HTTP from its signed link (range requests), check its SHA-256 and report through
 * the ingest, in both broker modes.
 */
const FLEET = Number(process.env.OTA_TEST_DEVICES ?? 20);
const WAIT_MS = 60_000;
/** A whole fleet comes online, then waits for its task: each wait has WAIT_MS, so the test has both. */
const FLEET_TEST_MS = 2 * WAIT_MS;

describe.each(BROKER_MODES)('firmware upgrades of simulated DTUs through $name', (mode) => {
  const env = {} as { t: TestApp; world: OtaWorld; stop(): Promise<void>; url: string; dtus: VirtualDevice[] };

  beforeAll(async () => {
    const broker = await mode.start();
    env.stop = broker.stop;
    env.t = await startTestApp({ ...broker.overrides, ota: { ...loadOtaConfig({}), tickMs: 100 } });
    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    env.url = broker.deviceUrl(env.t);
    env.world = await otaWorld(env.t);
    env.dtus = [];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(env.dtus.map((d) => d.stop()));
    await env.t?.close();
    await env.stop?.();
  });

  /** Devices of A1 running 1.0.0, each with its simulated DTU online. */
  const fleet = (behaviours: readonly OtaBehaviour[]) =>
    otaFleet(env.t, { url: env.url, dealerId: env.world.A1, dtus: env.dtus }, behaviours);

  const detail = async (taskId: string, caller: Caller = env.world.callerA) =>
    (
      await call<{ task: OtaTask; devices: { list: OtaTaskDevice[] } }>(
        env.t.app,
        ota2TaskDetail,
        { taskId, pageSize: 999 },
        caller,
      )
    ).body;

  /** The task's devices by state and reason, with how many are connected: what a wait that timed out saw. */
  const seen = (taskId: string) => async () => {
    const { objectResult } = await detail(taskId);
    const states = new Map<string, number>();
    for (const d of objectResult!.devices.list) {
      const key = d.reason ? `${d.state}/${d.reason}` : d.state;
      states.set(key, (states.get(key) ?? 0) + 1);
    }
    const connected = await env.t.db
      .selectFrom('devices')
      .select('id')
      .where(
        'id',
        'in',
        objectResult!.devices.list.map((d) => d.deviceId),
      )
      .where('connected', '=', true)
      .execute();
    return `task ${objectResult!.task.state}, devices ${JSON.stringify(Object.fromEntries(states))}, ${connected.length} connected`;
  };

  async function createTask(body: Record<string, unknown>, caller: Caller = env.world.callerA) {
    return (await call<OtaTask>(env.t.app, ota2CreateTask, body, caller)).body;
  }

  it(
    `upgrades ${FLEET} devices within the download slots, one resuming after a dropped transfer, and each reports its new version`,
    async () => {
      const devices = await fleet(Array.from({ length: FLEET }, (_, k) => (k === 0 ? 'dropOnce' : 'normal')));
      const fw = await newFirmware(env.t, env.world, { version: '1.1.0', size: 200 * 1024 });
      const created = await createTask({
        firmwareId: fw.firmwareId,
        deviceIds: devices.map((d) => d.id),
        maxDownloading: 5,
        ratePerMinute: 10_000,
      });
      expect(created).toMatchObject({ error_code: 0, objectResult: { state: 'running', counts: { total: FLEET } } });
      const taskId = created.objectResult!.taskId;
      let mostInFlight = 0;
      await waitFor(
        'the task finished',
        async () => {
          const { objectResult } = await detail(taskId);
          const inFlight = objectResult!.devices.list.filter((d) =>
            ['notified', 'downloading', 'verifying', 'upgrading'].includes(d.state),
          ).length;
          mostInFlight = Math.max(mostInFlight, inFlight);
          return objectResult!.task.state === 'finished';
        },
        WAIT_MS,
        seen(taskId),
      );
      expect(mostInFlight).toBeLessThanOrEqual(5);
      const { objectResult } = await detail(taskId);
      expect(objectResult!.task).toMatchObject({
        progress: 100,
        counts: { total: FLEET, succeeded: FLEET, failed: 0 },
      });
      for (const row of objectResult!.devices.list)
        expect(row).toMatchObject({
          state: 'succeeded',
          upgradeStatus: 'finished',
          paramStatus: 'downloadSucceeded',
          percent: 100,
          fromVersion: '1.0.0',
          toVersion: '1.1.0',
        });
      const versions = await env.t.db
        .selectFrom('devices')
        .select('software_version')
        .where(
          'id',
          'in',
          devices.map((d) => d.id),
        )
        .execute();
      expect(versions.map((v) => v.software_version)).toEqual(devices.map(() => '1.1.0'));
      // Each new version is in the device's operation log, as the device's own change.
      const logged = await env.t.db
        .selectFrom('device_operations')
        .select(['device_id', 'operator_id', 'changes'])
        .where('action', '=', 'upgradeFirmware')
        .where(
          'device_id',
          'in',
          devices.map((d) => d.id),
        )
        .execute();
      expect(logged).toHaveLength(devices.length);
      for (const entry of logged) {
        expect(entry.operator_id).toBeNull();
        expect(entry.changes).toEqual([{ field: 'softwareVersion', from: '1.0.0', to: '1.1.0' }]);
      }
      expect(devices[0]!.dtu.ota.stats.resumes).toBe(1);
      expect(devices.map((d) => d.dtu.ota.version)).toEqual(devices.map(() => '1.1.0'));
    },
    FLEET_TEST_MS,
  );

  it(
    'records each failure the device reports, with the spec statuses',
    async () => {
      const cases = [
        ['downloadFailed', 'failed', 'downloadFailed', 'downloadFailed'],
        ['checkFailure', 'failed', 'failed', 'checkFailure'],
        ['downloadTimeout', 'failed', 'downloadFailed', 'downloadTimeout'],
        ['protocolError', 'failed', 'failed', 'protocolError'],
        ['upgradeFailed', 'failed', 'failed', 'downloadSucceeded'],
        ['rejected', 'rejected', 'failed', 'uploaded'],
      ] as const;
      const devices = await fleet(cases.map(([behaviour]) => behaviour));
      const fw = await newFirmware(env.t, env.world, { version: '1.2.0', size: 150 * 1024 });
      const created = await createTask({ firmwareId: fw.firmwareId, deviceIds: devices.map((d) => d.id) });
      const taskId = created.objectResult!.taskId;
      await waitFor(
        'the task finished',
        async () => (await detail(taskId)).objectResult!.task.state === 'finished',
        WAIT_MS,
        seen(taskId),
      );
      const rows = new Map((await detail(taskId)).objectResult!.devices.list.map((r) => [r.deviceId, r]));
      cases.forEach(([behaviour, state, upgradeStatus, paramStatus], k) => {
        expect(rows.get(devices[k]!.id), behaviour).toMatchObject({
          state,
          upgradeStatus,
          paramStatus,
          reason: state === 'rejected' ? null : behaviour,
        });
      });
      for (const d of devices) expect(d.dtu.ota.version).toBe('1.0.0');
    },
    FLEET_TEST_MS,
  );

  it("refuses a tampered download on the device's SHA-256 check", async () => {
    const [device] = await fleet(['normal']);
    const fw = await newFirmware(env.t, env.world, { version: '1.3.0', size: 64 * 1024 });
    const tampered = Buffer.from(fw.bytes);
    tampered[100] = tampered[100]! ^ 0x01;
    await env.t.db.updateTable('ota_firmware').set({ bytes: tampered }).where('id', '=', fw.firmwareId).execute();
    const taskId = (await createTask({ firmwareId: fw.firmwareId, deviceIds: [device!.id] })).objectResult!.taskId;
    await waitFor(
      'the task finished',
      async () => (await detail(taskId)).objectResult!.task.state === 'finished',
      WAIT_MS,
      seen(taskId),
    );
    expect((await detail(taskId)).objectResult!.devices.list[0]).toMatchObject({
      state: 'failed',
      reason: 'checkFailure',
      paramStatus: 'checkFailure',
    });
    expect(device!.dtu.ota.version).toBe('1.0.0');
  });

  it('cancels a running upgrade: the device is told to stop and the task ends cancelled', async () => {
    const [device] = await fleet(['stall']);
    const fw = await newFirmware(env.t, env.world, { version: '1.4.0' });
    const taskId = (await createTask({ firmwareId: fw.firmwareId, deviceIds: [device!.id] })).objectResult!.taskId;
    await waitFor(
      'the device downloading',
      async () => (await detail(taskId)).objectResult!.devices.list[0]!.state === 'downloading',
      WAIT_MS,
    );
    const told = new Promise((resolve) => device!.dtu.on('ota', (fn) => fn === 'otaCancel' && resolve(fn)));
    const cancelled = await call<OtaTask>(env.t.app, ota2CancelTask, { taskId }, env.world.callerA);
    expect(cancelled.body).toMatchObject({
      error_code: 0,
      objectResult: { state: 'cancelled', counts: { cancelled: 1 } },
    });
    await told;
    expect((await detail(taskId)).objectResult!.devices.list[0]).toMatchObject({
      state: 'cancelled',
      upgradeStatus: 'cancelled',
    });
    const again = await call(env.t.app, ota2CancelTask, { taskId }, env.world.callerA);
    expect(again.body.error_code).toBe(ErrorCode.OTA_TASK_ENDED);
  });

  it('times out a device that started and never finished, counted from its first progress report', async () => {
    const [device] = await fleet(['stall']);
    const fw = await newFirmware(env.t, env.world, { version: '1.5.0' });
    const taskId = (await createTask({ firmwareId: fw.firmwareId, deviceIds: [device!.id], timeoutMinutes: 1 }))
      .objectResult!.taskId;
    await waitFor(
      'the device downloading',
      async () => (await detail(taskId)).objectResult!.devices.list[0]!.state === 'downloading',
      WAIT_MS,
    );
    // Its first progress report moved back past the one-minute timeout: the next rollout step ends it.
    await env.t.db
      .updateTable('ota_task_devices')
      .set({ first_progress_at: new Date(Date.now() - 61_000) })
      .where('task_id', '=', taskId)
      .execute();
    await waitFor(
      'the task finished',
      async () => (await detail(taskId)).objectResult!.task.state === 'finished',
      WAIT_MS,
      seen(taskId),
    );
    expect((await detail(taskId)).objectResult!.devices.list[0]).toMatchObject({
      state: 'timedOut',
      upgradeStatus: 'failed',
      paramStatus: 'downloadTimeout',
    });
  });

  it("refuses another branch's device, an older firmware without rollback, and hides tasks from other branches", async () => {
    const [own] = await fleet(['normal']);
    const foreign = await newDemoDevice(env.t, { dealerId: env.world.B });
    const fw = await newFirmware(env.t, env.world, { version: '1.6.0' });
    const refused = await createTask({ firmwareId: fw.firmwareId, deviceIds: [own!.id, foreign.id] });
    expect(refused.error_code).toBe(ErrorCode.NOT_FOUND);
    const notB = await createTask({ firmwareId: fw.firmwareId, deviceIds: [foreign.id] }, env.world.callerB);
    expect(notB.error_code).toBe(ErrorCode.NOT_FOUND);
    await env.t.db.updateTable('devices').set({ software_version: '2.0.0' }).where('id', '=', own!.id).execute();
    const older = await createTask({ firmwareId: fw.firmwareId, deviceIds: [own!.id] });
    expect(older).toMatchObject({ error_code: ErrorCode.FIRMWARE_OLDER });
    expect(older.error_msg).toContain(own!.code);
    const rollback = await createTask({ firmwareId: fw.firmwareId, deviceIds: [own!.id], rollback: true });
    expect(rollback.error_code).toBe(0);
    const taskId = rollback.objectResult!.taskId;
    expect((await detail(taskId, env.world.callerB)).error_code).toBe(ErrorCode.NOT_FOUND);
    const records = await call<{ list: Array<{ deviceId: string }> }>(
      env.t.app,
      ota2ListUpgradeRecords,
      {},
      env.world.callerB,
    );
    expect(records.body.objectResult!.list.map((r) => r.deviceId)).not.toContain(own!.id);
    await waitFor(
      'the rollback finished',
      async () => (await detail(taskId)).objectResult!.task.state === 'finished',
      WAIT_MS,
    );
    expect(own!.dtu.ota.version).toBe('1.6.0');
  });

  it("refuses and counts a report for another device's job or with an unknown status, and leaves the job alone", async () => {
    const [victim] = await fleet(['stall']);
    const fw = await newFirmware(env.t, env.world, { version: '1.7.0' });
    const taskId = (await createTask({ firmwareId: fw.firmwareId, deviceIds: [victim!.id] })).objectResult!.taskId;
    await waitFor(
      'the device downloading',
      async () => (await detail(taskId)).objectResult!.devices.list[0]!.state === 'downloading',
      WAIT_MS,
    );
    const { id: job } = await env.t.db
      .selectFrom('ota_task_devices')
      .select('id')
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    const intruder = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    const client = await mqtt.connectAsync(env.url, deviceOptions(intruder));
    const progress = (status: number) => {
      const frame = encodeOtaProgress(intruder.code, { job: Number(job), status, percent: 100, version: '1.7.0' });
      if (!frame.ok) throw new Error(frame.error.message);
      return Buffer.from(frame.bytes);
    };
    await client.publishAsync(deviceTopic(intruder.code, 'up'), progress(0x05), { qos: 1 });
    const counted = async (reason: string) =>
      (
        await env.t.db
          .selectFrom('ingest_refusals')
          .select('count')
          .where('device_code', '=', intruder.code)
          .where('reason', '=', reason)
          .executeTakeFirst()
      )?.count;
    await waitFor('the foreign job counted', async () => Number(await counted('ota.unknownJob')) === 1, WAIT_MS);
    await client.endAsync();
    expect((await detail(taskId)).objectResult!.devices.list[0]!.state).toBe('downloading');
    const own = await mqtt.connectAsync(env.url, deviceOptions(victim!));
    const frame = encodeOtaProgress(victim!.code, { job: Number(job), status: 0x7f, percent: 1, version: '1.0.0' });
    await own.publishAsync(deviceTopic(victim!.code, 'up'), Buffer.from(frame.ok ? frame.bytes : []), { qos: 1 });
    await own.endAsync();
    const unknown = async () =>
      (
        await env.t.db
          .selectFrom('ingest_refusals')
          .select('count')
          .where('device_code', '=', victim!.code)
          .where('reason', '=', 'ota.unknownStatus')
          .executeTakeFirst()
      )?.count;
    await waitFor('the unknown status counted', async () => Number(await unknown()) === 1, WAIT_MS);
    expect((await detail(taskId)).objectResult!.devices.list[0]!.state).toBe('downloading');
  });
});

import { OTA_DEVICE_STATUS, ota2CreateTask, type OtaDeviceStatus, type OtaTask } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-link.ts';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bulkOtaDevices, newFirmware, otaWorld, type OtaWorld } from '../../../test/ota-setup.ts';
import { countingStatements } from '../../../test/statement-count.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import { loadOtaConfig } from '../../ota-config.ts';
import type { OtaReport } from './progress.ts';
import { otaReportQueue } from './report-apply.ts';
import { TaskLive } from './task-live.ts';

/**
 * The live stream's OTA events under a burst of device reports (issue 23, "a status change visible in the console
 * within 1 s"): the reports arrive on the event bus as the ingest publishes them, many at once, for one task. The
 * final reports waiting in the queue are applied together: each device's job, version, log entry and live event as
 * when applied one by one, in a few statements; a bad report fails alone.
 */
const DEVICES = 200;
const WAIT_MS = 60_000;
type TaskEvent = Extract<DeviceEvent, { kind: 'otaTask' }>;

describe('live OTA events of a burst of reports', () => {
  const env = {} as { t: TestApp; world: OtaWorld };
  const seen: TaskEvent[] = [];

  beforeAll(async () => {
    env.t = await startTestApp({ ota: { ...loadOtaConfig({}), tickMs: 100 } });
    env.world = await otaWorld(env.t);
    env.t.events.subscribe((event) => {
      if (event.kind === 'otaTask') seen.push(event);
    });
  }, 60_000);
  afterAll(async () => {
    await env.t?.close();
  });

  /** A task of `count` offline devices running 1.0.0 to 1.1.0 (never notified: their reports are the only way they move). */
  async function taskOfDevices(prefix: string, count = DEVICES) {
    const devices = await bulkOtaDevices(env.t, {
      dealerId: env.world.A1,
      productId: env.world.productId,
      prefix,
      count,
    });
    const fw = await newFirmware(env.t, env.world, { version: '1.1.0' });
    const created = await call<OtaTask>(
      env.t.app,
      ota2CreateTask,
      { firmwareId: fw.firmwareId, deviceIds: devices.map((d) => d.id), ratePerMinute: 10_000 },
      env.world.callerA,
    );
    const taskId = created.body.objectResult!.taskId;
    const jobs = await env.t.db
      .selectFrom('ota_task_devices')
      .select(['id', 'device_id'])
      .where('task_id', '=', taskId)
      .execute();
    const jobOf = new Map(jobs.map((j) => [j.device_id, j.id]));
    const reportOf = (
      device: (typeof devices)[number],
      status: OtaDeviceStatus,
      percent: number,
      more: Partial<OtaReport> = {},
    ): OtaReport => ({
      kind: 'ota',
      deviceId: device.id,
      deviceCode: device.code,
      dealerId: env.world.A1,
      job: jobOf.get(device.id)!,
      status: OTA_DEVICE_STATUS[status],
      percent,
      version: '1.1.0',
      at: new Date().toISOString(),
      ...more,
    });
    const report = (device: (typeof devices)[number], status: OtaDeviceStatus, percent: number) =>
      env.t.events.publish(reportOf(device, status, percent));
    return { taskId, devices, jobOf, report, reportOf };
  }

  it(
    "publishes a device's success ahead of a backlog of progress reports, and the task's counts read once for many",
    async () => {
      const { taskId, devices, report } = await taskOfDevices(`LIVEA${Date.now() % 100_000}`);
      const ofTask = () => seen.filter((e) => e.taskId === taskId);
      const [first, ...others] = devices;
      for (const device of others) report(device, 'downloading', 50);
      report(first!, 'succeeded', 100);
      await waitFor(
        'every report applied',
        async () => ofTask().filter((e) => e.deviceState === 'downloading').length === others.length,
        WAIT_MS,
      );
      const deviceEvents = ofTask().filter((e) => e.deviceId !== null && e.deviceState !== 'deferred');
      const success = deviceEvents.findIndex((e) => e.deviceId === first!.id && e.deviceState === 'succeeded');
      // Applied a few at a time, the success goes before the percentages that came before it (not after all of them).
      expect(success).toBeGreaterThanOrEqual(0);
      expect(success).toBeLessThan(others.length / 4);
      expect(deviceEvents.find((e) => e.deviceId === first!.id && e.deviceState === 'succeeded')).toMatchObject({
        percent: 100,
      });

      for (const device of others) report(device, 'succeeded', 100);
      await waitFor(
        'the task finished',
        async () => ofTask().some((e) => e.state === 'finished' && e.deviceId === null),
        WAIT_MS,
      );
      const successes = new Set(ofTask().flatMap((e) => (e.deviceState === 'succeeded' ? [e.deviceId] : [])));
      expect(successes.size).toBe(DEVICES);
      // The counts went out on the task's own events, coalesced: far fewer than the reports.
      const taskEvents = ofTask().filter((e) => e.deviceId === null);
      expect(taskEvents.length).toBeLessThan(DEVICES / 2);
      expect(taskEvents.at(-1)).toMatchObject({
        state: 'finished',
        progress: 100,
        counts: { total: DEVICES, succeeded: DEVICES, open: 0 },
      });
      // Never an older state after the task's end.
      const ended = ofTask().findIndex((e) => e.state === 'finished');
      expect(
        ofTask()
          .slice(ended)
          .every((e) => e.state === 'finished'),
      ).toBe(true);
    },
    2 * WAIT_MS,
  );

  /** What a task's devices hold after their reports: job states, versions, upgrade log entries, live events. */
  async function outcome(taskId: string, deviceIds: readonly string[]) {
    const jobs = await env.t.db
      .selectFrom('ota_task_devices')
      .select(['device_id', 'state', 'reason'])
      .where('task_id', '=', taskId)
      .execute();
    const rows = await env.t.db
      .selectFrom('devices')
      .select(['id', 'software_version'])
      .where('id', 'in', deviceIds)
      .execute();
    const entries = await env.t.db
      .selectFrom('device_operations')
      .select(['device_id', 'operator_id', 'outcome', 'changes'])
      .where('action', '=', 'upgradeFirmware')
      .where('device_id', 'in', deviceIds)
      .execute();
    return {
      state: new Map(jobs.map((row) => [row.device_id, row.reason ? `${row.state}/${row.reason}` : row.state])),
      version: new Map(rows.map((row) => [row.id, row.software_version])),
      entries,
      events: seen.filter((e) => e.taskId === taskId && e.deviceId !== null),
    };
  }

  /** A queue applying one turn at a time (the first report alone, those that came meanwhile together), and its statements. */
  function queueOfOneTurn() {
    const { db, statements } = countingStatements(env.t.db);
    const queue = otaReportQueue(db, new TaskLive(env.t.db, env.t.events), env.t.app.log, { atOnce: 1, waiting: 1000 });
    return { queue, statements };
  }

  it('applies the waiting successes together: each job, version, log entry and live event, in a few statements', async () => {
    const COUNT = 40;
    const { taskId, devices, jobOf, reportOf } = await taskOfDevices(`LIVEB${Date.now() % 100_000}`, COUNT);
    const [first, ...rest] = devices;
    const mismatch = rest.pop()!;
    const stranger = rest.pop()!;
    const { queue, statements } = queueOfOneTurn();
    queue.push(reportOf(first!, 'succeeded', 100));
    for (const device of rest) queue.push(reportOf(device, 'succeeded', 100));
    queue.push(reportOf(mismatch, 'succeeded', 100, { version: '9.9.9' }));
    // Another device's job: refused and counted, the job untouched.
    queue.push(reportOf(stranger, 'succeeded', 100, { job: jobOf.get(first!.id)! }));
    await queue.idle();

    const upgraded = [first!, ...rest];
    const { state, version, entries, events } = await outcome(
      taskId,
      devices.map((d) => d.id),
    );
    for (const device of upgraded)
      expect([state.get(device.id), version.get(device.id)]).toEqual(['succeeded', '1.1.0']);
    expect([state.get(mismatch.id), version.get(mismatch.id)]).toEqual(['failed/versionMismatch', '1.0.0']);
    expect([state.get(stranger.id), version.get(stranger.id)]).toEqual(['deferred/offline', '1.0.0']);
    expect(entries.map((e) => e.device_id).sort()).toEqual(upgraded.map((d) => d.id).sort());
    for (const entry of entries)
      expect(entry).toMatchObject({
        operator_id: null,
        outcome: 'applied',
        changes: [{ field: 'softwareVersion', from: '1.0.0', to: '1.1.0' }],
      });
    for (const device of upgraded)
      expect(events.filter((e) => e.deviceId === device.id && e.deviceState === 'succeeded')).toHaveLength(1);
    expect(events.find((e) => e.deviceId === mismatch.id)).toMatchObject({
      deviceState: 'failed',
      reason: 'versionMismatch',
    });
    expect(events.some((e) => e.deviceId === stranger.id)).toBe(false);
    const refusal = await env.t.db
      .selectFrom('ingest_refusals')
      .select('count')
      .where('device_code', '=', stranger.code)
      .where('reason', '=', 'ota.unknownJob')
      .executeTakeFirst();
    expect(Number(refusal?.count)).toBe(1);
    // Two turns (the first report alone, the 39 others together), each a few statements: not ten per report.
    expect(statements()).toBeLessThan(COUNT / 2);
  });

  it('applies the others of a batch when one of its reports cannot be applied', async () => {
    const { taskId, devices, reportOf } = await taskOfDevices(`LIVEC${Date.now() % 100_000}`, 10);
    const [first, bad, ...others] = devices;
    const { queue } = queueOfOneTurn();
    queue.push(reportOf(first!, 'succeeded', 100));
    // A failure with a percent its job's row cannot hold: its statement fails, and with it the batch it is in.
    queue.push(reportOf(bad!, 'downloadFailed', 250));
    for (const device of others) queue.push(reportOf(device, 'succeeded', 100));
    await queue.idle();

    const good = [first!, ...others];
    const { state, version, entries, events } = await outcome(
      taskId,
      devices.map((d) => d.id),
    );
    for (const device of good) expect([state.get(device.id), version.get(device.id)]).toEqual(['succeeded', '1.1.0']);
    expect(state.get(bad!.id)).toBe('deferred/offline');
    expect(entries.map((e) => e.device_id).sort()).toEqual(good.map((d) => d.id).sort());
    const succeeded = new Set(events.flatMap((e) => (e.deviceState === 'succeeded' ? [e.deviceId] : [])));
    expect([...succeeded].sort()).toEqual(good.map((d) => d.id).sort());
  });
});

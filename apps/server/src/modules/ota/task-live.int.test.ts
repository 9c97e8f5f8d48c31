import { OTA_DEVICE_STATUS, ota2CreateTask, type OtaDeviceStatus, type OtaTask } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-link.ts';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bulkOtaDevices, newFirmware, otaWorld, type OtaWorld } from '../../../test/ota-setup.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import { loadOtaConfig } from '../../ota-config.ts';

/**
 * The live stream's OTA events under a burst of device reports (issue 23, "a status change visible in the console
 * within 1 s"): the reports arrive on the event bus as the ingest publishes them, many at once, for one task.
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

  /** A task of `DEVICES` offline devices (never notified: their reports are the only way they move), and its jobs. */
  async function taskOfDevices(prefix: string) {
    const devices = await bulkOtaDevices(env.t, {
      dealerId: env.world.A1,
      productId: env.world.productId,
      prefix,
      count: DEVICES,
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
    const report = (device: (typeof devices)[number], status: OtaDeviceStatus, percent: number) =>
      env.t.events.publish({
        kind: 'ota',
        deviceId: device.id,
        deviceCode: device.code,
        dealerId: env.world.A1,
        job: jobOf.get(device.id)!,
        status: OTA_DEVICE_STATUS[status],
        percent,
        version: '1.1.0',
        at: new Date().toISOString(),
      });
    return { taskId, devices, report };
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
});

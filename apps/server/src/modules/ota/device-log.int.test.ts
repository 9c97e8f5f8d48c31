import { ota2CancelTask, type OtaTask } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { newDemoDevice, waitFor } from '../../../test/device-link.ts';
import { call } from '../../../test/harness.ts';
import { createOta2Task, ota2Detail, useOtaEnv } from '../../../test/ota-env.ts';
import { otaFleet } from '../../../test/ota-fleet.ts';
import { newFirmware } from '../../../test/ota-setup.ts';

/**
 * A device's part in an OTA task reaches its operation log (issue 23): joining the task (named by its creator),
 * the task cancelled by a person (named), and the upgrade's final state with its reason, once: a failure the
 * task retries is not an end.
 */
const WAIT_MS = 60_000;

describe("an OTA task in its devices' operation log", () => {
  const env = useOtaEnv();
  const create = (body: Record<string, unknown>) => createOta2Task(env, body);
  const detail = (taskId: string) => ota2Detail(env, taskId);
  /** The OTA entries of a device's log, oldest first. */
  const entriesOf = (deviceId: string) =>
    env.t.db
      .selectFrom('device_operations')
      .select(['action', 'operator_id', 'operator_name', 'outcome', 'detail', 'changes', 'request', 'summary'])
      .where('device_id', '=', deviceId)
      .where('action', 'in', ['joinOtaTask', 'cancelOtaTask', 'endOtaTask'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const creatorOf = async (taskId: string) =>
    (await env.t.db.selectFrom('ota_tasks').select('created_by').where('id', '=', taskId).executeTakeFirstOrThrow())
      .created_by;

  it('logs each device joining, and its final state once: succeeded, failed after its retry, rejected', async () => {
    const devices = await otaFleet(env.t, { url: env.url, dealerId: env.world.A1, dtus: env.dtus }, [
      'normal',
      'downloadFailed',
      'rejected',
    ]);
    const fw = await newFirmware(env.t, env.world, { version: '1.1.0' });
    const task = await create({ firmwareId: fw.firmwareId, deviceIds: devices.map((d) => d.id), retrySeconds: [1] });
    await waitFor('the task finished', async () => (await detail(task.taskId)).task.state === 'finished', WAIT_MS);
    const creator = await creatorOf(task.taskId);
    const taskFields = (from: string) => [
      { field: 'otaTask', from: null, to: task.taskId },
      { field: 'firmware', from: null, to: fw.name },
      { field: 'firmwareVersion', from, to: '1.1.0' },
    ];
    const expected = [
      { state: 'succeeded', outcome: 'applied', reason: [] },
      { state: 'failed', outcome: 'refused', reason: [{ field: 'otaReason', from: null, to: 'downloadFailed' }] },
      { state: 'rejected', outcome: 'refused', reason: [] },
    ];
    for (const [k, device] of devices.entries()) {
      const entries = await entriesOf(device.id);
      expect(entries.map((e) => e.action)).toEqual(['joinOtaTask', 'endOtaTask']);
      const [joined, ended] = entries;
      expect(joined).toMatchObject({ operator_id: creator, outcome: 'applied', changes: taskFields('1.0.0') });
      expect(joined!.operator_name).not.toBe('');
      expect(joined!.summary).toBe(`${fw.name} 1.1.0`);
      expect(ended).toMatchObject({
        operator_id: creator,
        outcome: expected[k]!.outcome,
        detail: '',
        changes: [
          ...taskFields('1.0.0'),
          { field: 'otaState', from: null, to: expected[k]!.state },
          ...expected[k]!.reason,
        ],
      });
      expect(ended!.request).toMatchObject({ taskId: task.taskId });
    }
    // The failed download was retried once: two attempts, one end in the log.
    const failed = await env.t.db
      .selectFrom('ota_task_devices')
      .select('attempts')
      .where('task_id', '=', task.taskId)
      .where('device_id', '=', devices[1]!.id)
      .executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(2);
  });

  it('logs a person cancelling the task for each open device, with its state before, and no end after', async () => {
    // Devices never connected: deferred (offline) until the cancel.
    const devices = [
      await newDemoDevice(env.t, { dealerId: env.world.A1 }),
      await newDemoDevice(env.t, { dealerId: env.world.A1 }),
    ];
    const fw = await newFirmware(env.t, env.world, { version: '1.2.0' });
    const task = await create({ firmwareId: fw.firmwareId, deviceIds: devices.map((d) => d.id) });
    const cancelled = await call<OtaTask>(env.t.app, ota2CancelTask, { taskId: task.taskId }, env.world.callerA);
    expect(cancelled.body.objectResult!.state).toBe('cancelled');
    const creator = await creatorOf(task.taskId);
    for (const device of devices) {
      const entries = await entriesOf(device.id);
      expect(entries.map((e) => e.action)).toEqual(['joinOtaTask', 'cancelOtaTask']);
      expect(entries[1]).toMatchObject({
        operator_id: creator,
        outcome: 'applied',
        changes: expect.arrayContaining([{ field: 'otaState', from: 'deferred', to: 'cancelled' }]),
      });
    }
    // Later steps add nothing: the cancel was the devices' end.
    const step = await env.t.db
      .selectFrom('ota_task_devices')
      .select(['join_logged', 'end_logged'])
      .where('task_id', '=', task.taskId)
      .execute();
    expect(step).toEqual(devices.map(() => ({ join_logged: true, end_logged: true })));
  });

  it('logs devices cancelled at the end time with the reason, as a rejection', async () => {
    const device = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    const fw = await newFirmware(env.t, env.world, { version: '1.3.0' });
    const task = await create({
      firmwareId: fw.firmwareId,
      filter: { deviceCode: device.code },
      openUntil: new Date(Date.now() + 1500).toISOString(),
    });
    await waitFor('the task ended', async () => (await detail(task.taskId)).task.state === 'finished', WAIT_MS);
    const entries = await entriesOf(device.id);
    expect(entries.map((e) => e.action)).toEqual(['joinOtaTask', 'endOtaTask']);
    expect(entries[1]).toMatchObject({
      outcome: 'rejected',
      detail: 'otaTasks.deviceCancelled.endTime',
      changes: expect.arrayContaining([
        { field: 'otaState', from: null, to: 'cancelled' },
        { field: 'otaReason', from: null, to: 'endTime' },
      ]),
    });
  });
});

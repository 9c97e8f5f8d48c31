import {
  ErrorCode,
  ota2ConfirmRollback,
  ota2CreateTask,
  ota2PauseTask,
  ota2ResumeTask,
  ota2TaskDetail,
  type OtaTask,
  type OtaTaskDevice,
  zonedDateTime,
} from '@dcc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-link.ts';
import { call } from '../../../test/harness.ts';
import { useOtaEnv } from '../../../test/ota-env.ts';
import { otaFleet } from '../../../test/ota-fleet.ts';
import { newFirmware, type Caller } from '../../../test/ota-setup.ts';
import type { DeviceEvent } from '../../events/device-events.ts';

/**
 * The rollout policy with simulated DTUs over the embedded broker: waves behind a health gate (paused with a
 * rollback draft when the upgraded units fault, promoted when they do not), pause and resume, auto-abort,
 * retries, the per-device preconditions and continuous targeting by filter until the end time.
 */
const WAIT_MS = 60_000;
/** A test of simulated units waits for several rollout steps and device reports: more than the default on a loaded machine. */
const FLEET_TIMEOUT_MS = 120_000;

describe('the OTA rollout policy', () => {
  const env = useOtaEnv();
  const seen: Extract<DeviceEvent, { kind: 'otaTask' }>[] = [];

  beforeAll(() => {
    env.t.events.subscribe((event) => {
      if (event.kind === 'otaTask') seen.push(event);
    });
  });

  const fleet = (behaviours: Parameters<typeof otaFleet>[2], version = '1.0.0', reportIntervalMs?: number) =>
    otaFleet(env.t, { url: env.url, dealerId: env.world.A1, dtus: env.dtus, version, reportIntervalMs }, behaviours);

  const detail = async (taskId: string, caller: Caller = env.world.callerA) =>
    (
      await call<{ task: OtaTask; devices: { list: OtaTaskDevice[] } }>(
        env.t.app,
        ota2TaskDetail,
        { taskId, pageSize: 999 },
        caller,
      )
    ).body.objectResult!;
  const create = async (body: Record<string, unknown>, caller: Caller = env.world.callerA) =>
    (await call<OtaTask>(env.t.app, ota2CreateTask, body, caller)).body;
  // A wait that runs out says where the task stood: its state, wave, counts and health, and each unit's state.
  const until = (taskId: string, what: string, check: (d: Awaited<ReturnType<typeof detail>>) => boolean) => {
    let last: Awaited<ReturnType<typeof detail>> | undefined;
    return waitFor(
      what,
      async () => check((last = await detail(taskId))),
      WAIT_MS,
      () => {
        if (!last) return 'no detail read';
        const { state, waveIndex, pauseReason, counts, health } = last.task;
        const units = last.devices.list.map(
          (d) => `${d.deviceCode} ${d.state} ${d.percent}%${d.reason ? ` (${d.reason})` : ''}`,
        );
        return `${JSON.stringify({ state, waveIndex, pauseReason, counts, health })}; ${units.join(', ')}`;
      },
    );
  };

  it(
    'pauses a gated wave whose upgraded unit faults, drafts its rollback, and runs the draft once confirmed',
    async () => {
      const devices = await fleet(['normal', 'normal', 'normal', 'normal'], '3.0.0');
      await newFirmware(env.t, env.world, { version: '3.0.0' });
      const fw = await newFirmware(env.t, env.world, { version: '3.1.0' });
      const created = await create({
        firmwareId: fw.firmwareId,
        deviceIds: devices.map((d) => d.id),
        waves: [25, 100],
        healthGate: true,
        soakSeconds: 2,
        healthMargin: 5,
      });
      expect(created.objectResult).toMatchObject({ waves: [25, 100], waveIndex: 0, healthGate: true });
      const taskId = created.objectResult!.taskId;
      await until(taskId, 'the first wave upgraded', (d) => d.task.counts.succeeded === 1);
      const upgraded = (await detail(taskId)).devices.list.find((r) => r.state === 'succeeded')!;
      // The new firmware breaks the unit: it raises a fault that stays up.
      devices.find((d) => d.id === upgraded.deviceId)!.dtu.holdFaults(0b1);
      await until(taskId, 'the gate paused the task', (d) => d.task.state === 'paused');
      const { task, devices: rows } = await detail(taskId);
      expect(task).toMatchObject({ pauseReason: 'healthGate', waveIndex: 0, counts: { succeeded: 1 } });
      expect(task.health).toMatchObject({ upgraded: 1, upgradedFaultRate: 100 });
      // The rest were never released: still queued, or deferred by a precondition (a unit defrosting) while waiting.
      expect(rows.list.filter((r) => r.state === 'queued' || r.state === 'deferred')).toHaveLength(3);
      expect(task.rollbackTaskId).not.toBeNull();
      const draft = await detail(task.rollbackTaskId!);
      expect(draft.task).toMatchObject({ state: 'awaitingConfirmation', rollback: true, version: '3.0.0' });
      expect(draft.task.sourceTaskId).toBe(taskId);
      expect(draft.devices.list.map((r) => r.deviceId)).toEqual([upgraded.deviceId]);
      const confirmed = await call<OtaTask>(
        env.t.app,
        ota2ConfirmRollback,
        { taskId: draft.task.taskId },
        env.world.callerA,
      );
      expect(confirmed.body.objectResult!.state).toBe('running');
      await until(draft.task.taskId, 'the rollback finished', (d) => d.task.state === 'finished');
      expect(devices.find((d) => d.id === upgraded.deviceId)!.dtu.ota.version).toBe('3.0.0');
      // Another branch cannot confirm, pause or resume it.
      const foreign = await call(env.t.app, ota2ResumeTask, { taskId }, env.world.callerB);
      expect(foreign.body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect(seen.some((e) => e.taskId === taskId && e.state === 'paused')).toBe(true);
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'promotes a gated wave whose upgraded units stay healthy; pause and resume in between',
    async () => {
      const devices = await fleet(['normal', 'normal', 'normal', 'normal']);
      const fw = await newFirmware(env.t, env.world, { version: '1.1.0' });
      const taskId = (
        await create({
          firmwareId: fw.firmwareId,
          deviceIds: devices.map((d) => d.id),
          waves: [50, 100],
          healthGate: true,
          soakSeconds: 1,
        })
      ).objectResult!.taskId;
      const paused = await call<OtaTask>(env.t.app, ota2PauseTask, { taskId }, env.world.callerA);
      expect(paused.body.objectResult).toMatchObject({ state: 'paused', pauseReason: 'manual' });
      const again = await call(env.t.app, ota2PauseTask, { taskId }, env.world.callerA);
      expect(again.body).toMatchObject({ error_code: ErrorCode.OTA_TASK_STATE_WRONG });
      expect(again.body.error_msg).toContain('Paused');
      const resumed = await call<OtaTask>(env.t.app, ota2ResumeTask, { taskId }, env.world.callerA);
      expect(resumed.body.objectResult!.state).toBe('running');
      await until(taskId, 'the task finished', (d) => d.task.state === 'finished');
      const { task } = await detail(taskId);
      expect(task).toMatchObject({
        waveIndex: 1,
        counts: { succeeded: 4 },
        health: { upgraded: 2, upgradedFaultRate: 0 },
      });
      const states = seen.filter((e) => e.taskId === taskId).map((e) => e.deviceState);
      expect(states).toEqual(expect.arrayContaining(['notified', 'downloading', 'succeeded']));
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'aborts when failures reach the share after enough devices ended, cancelling the rest',
    async () => {
      // Whatever the order, the first two ended decide: at least one of them failed (50%), so the task aborts then.
      const devices = await fleet(['downloadFailed', 'downloadFailed', 'downloadFailed', 'downloadFailed', 'normal']);
      const fw = await newFirmware(env.t, env.world, { version: '1.2.0' });
      const taskId = (
        await create({
          firmwareId: fw.firmwareId,
          deviceIds: devices.map((d) => d.id),
          maxDownloading: 1,
          abortPercent: 50,
          abortMinDevices: 2,
        })
      ).objectResult!.taskId;
      await until(taskId, 'the task aborted', (d) => d.task.state === 'aborted');
      const { task, devices: rows } = await detail(taskId);
      expect(task.counts.cancelled).toBe(3);
      expect(task.counts.failed).toBeGreaterThanOrEqual(1);
      for (const row of rows.list.filter((r) => r.state === 'cancelled'))
        expect(row).toMatchObject({ reason: 'aborted', upgradeStatus: 'cancelled' });
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'retries a failed download on its schedule, then fails it for good',
    async () => {
      const [device] = await fleet(['downloadFailed']);
      const fw = await newFirmware(env.t, env.world, { version: '1.3.0' });
      const taskId = (await create({ firmwareId: fw.firmwareId, deviceIds: [device!.id], retrySeconds: [1] }))
        .objectResult!.taskId;
      await until(taskId, 'the task finished', (d) => d.task.state === 'finished');
      const row = await env.t.db
        .selectFrom('ota_task_devices')
        .select(['attempts', 'state', 'reason'])
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 2, state: 'failed', reason: 'downloadFailed' });
      expect(seen.some((e) => e.taskId === taskId && e.reason === 'retryWait')).toBe(true);
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'defers devices while the time is outside the maintenance window, with the reason',
    async () => {
      // A window that closed a minute ago (and opens in an hour) holds every device back.
      const [late] = await fleet(['normal']);
      const minute = (offset: number) =>
        zonedDateTime(Date.now() + offset * 60_000, env.t.config.timeZone).slice(11, 16);
      const fw2 = await newFirmware(env.t, env.world, { version: '1.5.0' });
      const windowed = (
        await create({
          firmwareId: fw2.firmwareId,
          deviceIds: [late!.id],
          windowStart: minute(60),
          windowEnd: minute(-1),
        })
      ).objectResult!.taskId;
      await until(windowed, 'deferred outside the window', (d) => d.devices.list[0]!.reason === 'outsideWindow');
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'adds devices that match the filter later, until the end time, then finishes',
    async () => {
      const [first, later] = await fleet(['normal', 'normal'], '0.9.7');
      await env.t.db.updateTable('devices').set({ software_version: '0.9.6' }).where('id', '=', later!.id).execute();
      const fw = await newFirmware(env.t, env.world, { version: '0.9.8' });
      const taskId = (
        await create({
          firmwareId: fw.firmwareId,
          filter: { softwareVersion: '0.9.7' },
          openUntil: new Date(Date.now() + 3_600_000).toISOString(),
        })
      ).objectResult!.taskId;
      await until(taskId, 'the first upgraded', (d) => d.task.counts.succeeded === 1);
      expect((await detail(taskId)).task.state).toBe('running');
      await env.t.db.updateTable('devices').set({ software_version: '0.9.7' }).where('id', '=', later!.id).execute();
      await until(taskId, 'the later one upgraded', (d) => d.task.counts.succeeded === 2);
      expect((await detail(taskId)).task.state).toBe('running');
      // The end time comes (moved to a second ago instead of waiting for it): the task finishes.
      await env.t.db
        .updateTable('ota_tasks')
        .set({ end_at: new Date(Date.now() - 1000) })
        .where('id', '=', taskId)
        .execute();
      await until(taskId, 'the task finished at its end time', (d) => d.task.state === 'finished');
      expect(first!.dtu.ota.version).toBe('0.9.8');
    },
    FLEET_TIMEOUT_MS,
  );
});

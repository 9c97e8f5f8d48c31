import { HP, MODE, type VirtualDevice } from '@dcc/simulator';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-link.ts';
import { createOta2Task, ota2Detail, useOtaEnv } from '../../../test/ota-env.ts';
import { otaFleet } from '../../../test/ota-fleet.ts';
import { newFirmware } from '../../../test/ota-setup.ts';
import { BUSY_POINTS } from './preconditions.ts';

/**
 * The per-device preconditions with simulated units over the embedded broker: a unit heating hot water with its
 * electric heater (point 40 'run', heater bit) is deferred 'busy', one whose DTU's signal is weak 'weakSignal';
 * each gets the firmware once it reports idle, or a moderate or strong signal.
 */
const WAIT_MS = 60_000;
/** E02 and E03: faults that stop the compressor. */
const COMPRESSOR_STOPPED = 0b00110;

describe('the OTA preconditions', () => {
  const env = useOtaEnv();

  const rowOf = async (taskId: string) => (await ota2Detail(env, taskId)).devices.list[0]!;
  const stored = (deviceId: string) =>
    env.t.db
      .selectFrom('devices as dv')
      .leftJoin('device_values as v', 'v.device_id', 'dv.id')
      .select(['dv.signal', 'v.point_values'])
      .where('dv.id', '=', deviceId)
      .executeTakeFirstOrThrow();
  const runBits = async (deviceId: string) =>
    Math.trunc(Number((await stored(deviceId)).point_values?.[String(BUSY_POINTS.run)] ?? 0));

  /** One unit of A1 running 1.0.0 that reports only when told to (the test decides what it reports). */
  async function unit(): Promise<{ id: string; dtu: VirtualDevice }> {
    const options = { url: env.url, dealerId: env.world.A1, dtus: env.dtus, reportIntervalMs: 600_000 };
    const [device] = await otaFleet(env.t, options, ['normal']);
    return device!;
  }

  /** Upgrades the unit to `version`: deferred for `reason` first; `ready` makes it ready; then it succeeds. */
  async function deferredThenUpgraded(
    device: { id: string; dtu: VirtualDevice },
    version: string,
    reason: string,
    ready: () => void,
  ) {
    const fw = await newFirmware(env.t, env.world, { version });
    const task = await createOta2Task(env, { firmwareId: fw.firmwareId, deviceIds: [device.id] });
    await waitFor(`deferred (${reason})`, async () => (await rowOf(task.taskId)).reason === reason, WAIT_MS);
    expect(await rowOf(task.taskId)).toMatchObject({ state: 'deferred', reason, percent: 0 });
    expect(device.dtu.ota.version).toBe('1.0.0');
    ready();
    await waitFor('the upgrade succeeded', async () => (await rowOf(task.taskId)).state === 'succeeded', WAIT_MS);
    expect(device.dtu.ota.version).toBe(version);
  }

  it('defers a unit heating hot water with its electric heater (busy), and upgrades it once idle', async () => {
    const device = await unit();
    // The compressor stopped by a fault and the tank far below its setpoint: the electric heater takes over.
    device.dtu.adjust((pump) => {
      pump.values.set(HP.power, 1);
      pump.values.set(HP.mode, MODE.hotWater);
      pump.values.set(HP.setHot, 60);
      pump.values.set(HP.tTank, 30);
      pump.holdFaults(COMPRESSOR_STOPPED);
      pump.holdSignal(-60);
    });
    await waitFor(
      'the heater reported',
      async () => ((await runBits(device.id)) & BUSY_POINTS.heaterBit) !== 0,
      WAIT_MS,
    );
    // The compressor repaired and the tank at its setpoint: the heater is off, the unit idle.
    await deferredThenUpgraded(device, '1.1.0', 'busy', () =>
      device.dtu.adjust((pump) => {
        pump.holdFaults(0);
        pump.values.set(HP.tTank, 60);
      }),
    );
  });

  it('defers a unit with a weak signal, and upgrades it once the signal is strong', async () => {
    const device = await unit();
    device.dtu.adjust((pump) => {
      pump.values.set(HP.mode, MODE.heating);
      pump.holdSignal(-100);
    });
    await waitFor('the weak signal stored', async () => (await stored(device.id)).signal === 'weak', WAIT_MS);
    await deferredThenUpgraded(device, '1.2.0', 'weakSignal', () =>
      device.dtu.adjust((pump) => {
        pump.holdSignal(-50);
      }),
    );
  });
});

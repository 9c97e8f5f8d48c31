import { HP, VirtualDevice, type OtaBehaviour } from '@dcc/simulator';
import { newDemoDevice, waitFor, type TestDevice } from './device-link.ts';
import type { TestApp } from './harness.ts';

/**
 * A simulated heat pump the OTA preconditions never hold back: in standby (no compressor, so no defrost; no hot-water
 * heater) with a strong signal that does not drift. Units that report rarely would otherwise keep whatever busy bit
 * or weak signal they last reported for the whole test. A test of the preconditions changes it with `adjust`.
 */
export function idleDtu(options: ConstructorParameters<typeof VirtualDevice>[0]): VirtualDevice {
  const dtu = new VirtualDevice({ ...options, signalDbm: -60 });
  dtu.adjust((pump) => pump.values.set(HP.power, 0));
  return dtu;
}

/** Devices of a dealer running `version`, each with its simulated DTU online (stopped by the caller through `dtus`). */
export async function otaFleet(
  t: TestApp,
  options: { url: string; dealerId: string; version?: string; dtus: VirtualDevice[]; reportIntervalMs?: number },
  behaviours: readonly OtaBehaviour[],
): Promise<Array<TestDevice & { dtu: VirtualDevice }>> {
  const version = options.version ?? '1.0.0';
  const devices = await Promise.all(
    behaviours.map(async (behaviour) => {
      const device = await newDemoDevice(t, { dealerId: options.dealerId });
      await t.db.updateTable('devices').set({ software_version: version }).where('id', '=', device.id).execute();
      const dtu = idleDtu({
        url: options.url,
        identity: { code: device.code, secret: device.secret, kind: 'heatPump' },
        reportIntervalMs: options.reportIntervalMs ?? 2000,
        heartbeatIntervalMs: 600_000,
        firmwareVersion: version,
        ota: behaviour,
      });
      options.dtus.push(dtu);
      dtu.start();
      return { ...device, dtu };
    }),
  );
  await waitFor(
    'the fleet online',
    async () =>
      (
        await t.db
          .selectFrom('devices')
          .select('id')
          .where(
            'id',
            'in',
            devices.map((d) => d.id),
          )
          .where('connected', '=', true)
          .execute()
      ).length === devices.length,
    60_000,
  );
  return devices;
}

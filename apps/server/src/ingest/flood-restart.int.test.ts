import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOptions, newDemoDevice, waitFor, type TestDevice } from '../../test/device-link.ts';
import { newDealer } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createScratchDatabase } from '../../test/test-database.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { loadLinkConfig } from '../link-config.ts';

/**
 * The server restarts in the middle of a flood of QoS 1 reports (FAULT_DEVICES devices, 200 in CI,
 * 1,000 for the full run): every report a device saw acknowledged is stored exactly once afterwards,
 * and the reports in flight during the restart are delivered again and stored once too.
 */
const DEVICES = Number(process.env.FAULT_DEVICES ?? 200);
const REPORTS_EACH = 10;
const env = {} as { database: Database; drop?: () => Promise<void> };

beforeAll(async () => {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  env.database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 8 });
  env.drop = scratch?.drop;
});
afterAll(async () => {
  await env.database.close();
  await env.drop?.();
});

const serverOn = (port: number): Promise<TestApp> =>
  startTestApp({ link: { ...loadLinkConfig({ MQTT_PORT: String(port) }), mqttHost: '127.0.0.1', publishesPerSecond: 1000, publishBurst: 1000 } }, { database: env.database });

describe('a server restart during a flood', () => {
  it(`stores every acknowledged report of ${DEVICES} devices exactly once`, async () => {
    let server = await serverOn(0);
    const port = server.deviceSide.mqttPort!;
    const table = demoHeatPumpTable();
    const dealer = await newDealer(server.db, { level: 0 });
    const devices: TestDevice[] = [];
    for (let n = 0; n < DEVICES; n += 1) devices.push(await newDemoDevice(server, { dealerId: dealer }));
    const acked = new Map<string, Set<number>>(devices.map((d) => [d.code, new Set()]));
    let sent = 0;
    const clients: MqttClient[] = [];
    const published: Array<Promise<void>> = [];
    for (const device of devices) {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, deviceOptions(device, { reconnectPeriod: 300, clean: true }));
      clients.push(client);
      for (let seq = 1; seq <= REPORTS_EACH; seq += 1) {
        const frame = encodeReport(device.code, [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value: value + seq })), table, { seq });
        if (!frame.ok) throw new Error(frame.error.message);
        published.push(
          new Promise<void>((resolve) => setTimeout(resolve, seq * 40)).then(() =>
            client.publishAsync(`dev/${device.code}/up`, Buffer.from(frame.bytes), { qos: 1 }).then(() => {
              acked.get(device.code)!.add(seq);
            }),
          ),
        );
        sent += 1;
      }
    }
    const ackedCount = () => [...acked.values()].reduce((n, set) => n + set.size, 0);
    await waitFor('a part of the flood acknowledged', () => ackedCount() >= sent / 4, 30_000);

    await server.close();
    const ackedBeforeRestart = ackedCount();
    server = await serverOn(port);
    try {
      await Promise.all(published);
      expect(ackedCount()).toBe(sent);
      expect(ackedBeforeRestart).toBeLessThan(sent);
      const rows = await server.db
        .selectFrom('telemetry_history as h')
        .innerJoin('devices as d', 'd.id', 'h.device_id')
        .select(['d.device_code', 'h.seq'])
        .where('d.dealer_id', '=', dealer)
        .execute();
      const stored = new Map<string, number[]>();
      for (const row of rows) stored.set(row.device_code, [...(stored.get(row.device_code) ?? []), row.seq]);
      for (const [code, seqs] of acked) expect((stored.get(code) ?? []).sort((a, b) => a - b), code).toEqual([...seqs].sort((a, b) => a - b));
    } finally {
      await Promise.all(clients.map((client) => client.endAsync(true)));
      await server.close();
    }
  }, 180_000);
});

import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { expect } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { deviceOptions, waitFor, type TestDevice } from './device-link.ts';

/**
 * A flood of the fault tests: every device connects (reconnecting on its own after a loss) and sends
 * `reportsEach` QoS 1 reports, report n after n * spacingMs. `acked` holds, per device, the sequence
 * numbers whose PUBACK came: what the server promised to have stored.
 */
export interface Flood {
  acked: Map<string, Set<number>>;
  sent: number;
  ackedCount(): number;
  /** Reports handed to their device's client so far (due by their spacing), acknowledged or not. */
  publishedCount(): number;
  /** Settles when every report was acknowledged. */
  done: Promise<void>;
  close(): Promise<void>;
}

export async function startFlood(
  url: string,
  devices: TestDevice[],
  options: { reportsEach: number; spacingMs: number; reconnectMs?: number },
): Promise<Flood> {
  const table = demoHeatPumpTable();
  const acked = new Map<string, Set<number>>(devices.map((d) => [d.code, new Set()]));
  const clients: MqttClient[] = [];
  const published: Array<Promise<void>> = [];
  let handed = 0;
  for (const device of devices) {
    // Like a device in the field, it tries again after a refusal too (the server could not check its sign-in).
    const client = await mqtt.connectAsync(
      url,
      deviceOptions(device, {
        reconnectPeriod: options.reconnectMs ?? 300,
        clean: true,
        reconnectOnConnackError: true,
      }),
    );
    client.on('error', () => undefined);
    clients.push(client);
    for (let seq = 1; seq <= options.reportsEach; seq += 1) {
      const frame = encodeReport(
        device.code,
        [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value: value + seq })),
        table,
        { seq },
      );
      if (!frame.ok) throw new Error(frame.error.message);
      published.push(
        new Promise<void>((resolve) => setTimeout(resolve, seq * options.spacingMs)).then(() => {
          handed += 1;
          return client.publishAsync(`dev/${device.code}/up`, Buffer.from(frame.bytes), { qos: 1 }).then(() => {
            acked.get(device.code)!.add(seq);
          });
        }),
      );
    }
  }
  const ackedCount = () => [...acked.values()].reduce((n, set) => n + set.size, 0);
  return {
    acked,
    sent: published.length,
    ackedCount,
    publishedCount: () => handed,
    done: Promise.all(published).then(() => undefined),
    close: async () => {
      await Promise.all(clients.map((client) => client.endAsync(true)));
    },
  };
}

/** Waits until a part of the flood (a fraction of it) was acknowledged: the moment to break something. */
export const partAcknowledged = (flood: Flood, fraction: number, timeoutMs = 30_000): Promise<void> =>
  waitFor(
    `${Math.round(fraction * 100)} % of the flood acknowledged`,
    () => flood.ackedCount() >= flood.sent * fraction,
    timeoutMs,
  );

/**
 * Keeps an outage going until the devices have published into it: `reports` more than when it began (or the rest of
 * the flood, when fewer are left).
 */
export const publishedInto = (flood: Flood, reports: number, timeoutMs = 30_000): Promise<void> => {
  const target = Math.min(flood.sent, flood.publishedCount() + reports);
  return waitFor(`${reports} reports published into the outage`, () => flood.publishedCount() >= target, timeoutMs);
};

/** Each acknowledged report is stored exactly once, in the history and in the raw packets (sorted lists: a duplicate shows). */
export async function expectStoredOnce(db: Kysely<DB>, dealerId: string, flood: Flood): Promise<void> {
  const history = () =>
    db
      .selectFrom('telemetry_history as h')
      .innerJoin('devices as d', 'd.id', 'h.device_id')
      .select(['d.device_code', 'h.seq'])
      .where('d.dealer_id', '=', dealerId)
      .execute();
  const raw = () =>
    db
      .selectFrom('raw_packets as h')
      .innerJoin('devices as d', 'd.id', 'h.device_id')
      .select(['d.device_code', 'h.seq'])
      .where('d.dealer_id', '=', dealerId)
      .execute();
  for (const [table, rows] of [
    ['telemetry_history', await history()],
    ['raw_packets', await raw()],
  ] as const) {
    const stored = new Map<string, number[]>();
    for (const row of rows) stored.set(row.device_code, [...(stored.get(row.device_code) ?? []), row.seq]);
    for (const [code, seqs] of flood.acked)
      expect(
        (stored.get(code) ?? []).sort((a, b) => a - b),
        `${table} ${code}`,
      ).toEqual([...seqs].sort((a, b) => a - b));
  }
}

/** How many history rows the dealer's devices have. */
export const storedCount = async (db: Kysely<DB>, dealerId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('telemetry_history as h')
        .innerJoin('devices as d', 'd.id', 'h.device_id')
        .where('d.dealer_id', '=', dealerId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * How long an external broker's backlog may take to drain into storage: the server handles one report
 * per connection at a time (120 reports/s and more per instance here, while other tests run).
 */
export const drainMs = (flood: Flood): number => Math.max(60_000, flood.sent * 15);

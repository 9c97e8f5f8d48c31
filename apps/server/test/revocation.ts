import { resetDeviceSecret } from '@dcc/contract';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { expect } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import type { TestDevice } from './device-link.ts';
import { call, type CallOptions } from './harness.ts';

/** Helpers of the credential revocation tests (one per broker mode). */

/** Settles when the client's connection closes. */
export const closedOf = (client: MqttClient): Promise<void> =>
  new Promise((resolve) => client.once('close', () => resolve()));

/** The answer of a console call that must succeed. */
export async function answerOf(
  result: Promise<{ body: { error_code: number; objectResult: unknown } }>,
): Promise<unknown> {
  const { body } = await result;
  expect(body.error_code).toBe(0);
  return body.objectResult;
}

/** Connects (kept in `opened` for closing); answers the client, or the broker's refusal as text. */
export async function connectOrRefusal(
  url: string,
  options: IClientOptions,
  opened: MqttClient[],
): Promise<MqttClient | string> {
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
    opened.push(client);
    return client;
  } catch (error) {
    return (error as Error).message;
  }
}

const table = demoHeatPumpTable();
/** A report frame of the demo heat pump. */
export function demoReport(d: TestDevice, seq: number): Buffer {
  const frame = encodeReport(
    d.code,
    [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value })),
    table,
    { seq },
  );
  if (!frame.ok) throw new Error(frame.error.message);
  return Buffer.from(frame.bytes);
}

/** Rows of point history stored for the device. */
export const storedRows = async (db: Kysely<DB>, deviceId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('telemetry_history')
        .where('device_id', '=', deviceId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Resets the device's secret through the console call and waits until `client`'s connection closed; answers the new secret. */
export async function resetClosing(
  app: FastifyInstance,
  caller: CallOptions,
  deviceId: string,
  client: MqttClient,
): Promise<string> {
  const closed = closedOf(client);
  const { deviceSecret } = (await answerOf(call(app, resetDeviceSecret, { deviceId }, caller))) as {
    deviceSecret: string;
  };
  await closed;
  return deviceSecret;
}

import type { Page } from 'playwright-core';
import mqtt, { type MqttClient } from 'mqtt';
import { addDevice, productOptions } from '@dcc/contract';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import { callAsPage } from './console.ts';

const FAULT_WORD = 30;
// E02 high pressure: bit 1 of the fault word.
const HIGH_PRESSURE = 0b10;

/** A call as the page's session that must succeed: its answer. */
export async function okAsPage<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await callAsPage<T>(page, path, body);
  if (answer.error_code !== 0) throw new Error(`${path}: ${answer.error_msg}`);
  return answer.objectResult!;
}

/** A new heat pump of the page's company, signed in to the server's broker and staying connected, that reports E02 on demand. */
export async function connectedHeatPump(page: Page, mqttPort: number, deviceCode: string) {
  const products = await okAsPage<Array<{ id: string; name: string }>>(page, productOptions.path, {});
  const productId = products.find((p) => p.name === '空气源热泵 A200' || p.name === 'Heat pump A200')!.id;
  const added = await okAsPage<{ deviceId: string; deviceSecret: string }>(page, addDevice.path, {
    deviceCode,
    deviceName: `Still ${deviceCode}`,
    productId,
  });
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    ...signDeviceLogin(deviceCode, added.deviceSecret, Date.now()),
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  let seq = 0;
  /** Reports the demo values with the high-pressure fault on (QoS 1: resolved once the server stored it). */
  const reportFault = async () => {
    const values = new Map(DEMO_HEAT_PUMP_VALUES);
    values.set(FAULT_WORD, HIGH_PRESSURE);
    seq += 1;
    const report = encodeReport(
      deviceCode,
      [...values].map(([address, value]) => ({ address, value })),
      demoHeatPumpTable(),
      { seq },
    );
    if (!report.ok) throw new Error(report.error.message);
    await client.publishAsync(`dev/${deviceCode}/up`, Buffer.from(report.bytes), { qos: 1 });
  };
  return { deviceId: added.deviceId, reportFault, close: () => client.endAsync() };
}

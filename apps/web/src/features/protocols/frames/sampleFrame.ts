import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport, toHex } from '@dcc/protocol';

/** Code of the demo heat-pump protocol the demo seed stores with the engine's demo point table (V1.0). */
export const DEMO_PROTOCOL_CODE = 'HP-STD';
export const SAMPLE_DEVICE_CODE = 'HP-DEMO-0001';

/**
 * A report frame of the demo heat pump heating water, built by the protocol engine from its demo
 * table and typical readings, as spaced hex. Loaded on demand: the engine stays out of the page chunk.
 */
export function demoReportHex(): string {
  const values = [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value }));
  const result = encodeReport(SAMPLE_DEVICE_CODE, values, demoHeatPumpTable(), {
    seq: 1,
    current: DEMO_HEAT_PUMP_VALUES,
  });
  if (!result.ok) throw new Error(result.error.message);
  return toHex(result.bytes)
    .replace(/(..)(?!$)/g, '$1 ')
    .toUpperCase();
}

/**
 * What the ingest's out-of-range check (countOutOfRange) costs per frame of the demo heat pump,
 * beside decoding the same frame. Run: node --import tsx bench/out-of-range-cost.ts
 */
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, decodeFrame, encodeReport } from '@dcc/protocol';
import { countOutOfRange } from '../apps/server/src/ingest/pipeline/out-of-range.ts';
const table = demoHeatPumpTable();
const readings = [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value }));
const current = new Map(DEMO_HEAT_PUMP_VALUES);
const r = encodeReport('HP2406A0001', readings, table, { seq: 1 });
if (!r.ok) throw new Error('x');
const bytes = r.bytes;
const N = 200_000;
for (let i = 0; i < 20_000; i++) {
  decodeFrame(bytes, table, { current });
  countOutOfRange(readings, table, current);
}
let t = process.hrtime.bigint();
for (let i = 0; i < N; i++) decodeFrame(bytes, table, { current });
const decodeNs = Number(process.hrtime.bigint() - t) / N;
t = process.hrtime.bigint();
let s = 0;
for (let i = 0; i < N; i++) s += countOutOfRange(readings, table, current);
const rangeNs = Number(process.hrtime.bigint() - t) / N;
console.log(
  JSON.stringify({
    points: readings.length,
    decodeUs: (decodeNs / 1000).toFixed(2),
    outOfRangeUs: (rangeNs / 1000).toFixed(3),
    s,
  }),
);

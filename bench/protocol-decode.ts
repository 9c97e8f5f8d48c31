// Decoding a 50-point report frame on one core: the ingest path's inner loop.
// Run: node --import tsx bench/protocol-decode.ts [seconds]
import {
  compileTable,
  DEMO_HEAT_PUMP_POINTS,
  DEMO_HEAT_PUMP_VALUES,
  decodeFrame,
  encodeReport,
  type PointDef,
} from '@dcc/protocol';
import { cpus } from 'node:os';

const extra: PointDef[] = Array.from({ length: 34 }, (_, i): PointDef => {
  const address = 100 + i;
  if (i % 3 === 0)
    return {
      address,
      code: `t${address}`,
      name: `Temp ${address}`,
      mode: 'R',
      byteLength: 2,
      dataType: 'signed x0.1',
      unit: '°C',
    };
  if (i % 3 === 1)
    return { address, code: `u${address}`, name: `Count ${address}`, mode: 'R', byteLength: 2, dataType: 'unsigned' };
  return {
    address,
    code: `e${address}`,
    name: `State ${address}`,
    mode: 'R',
    byteLength: 1,
    enumItems: [
      { value: 0, label: 'off' },
      { value: 1, label: 'on' },
    ],
  };
});
const compiled = compileTable([...DEMO_HEAT_PUMP_POINTS, ...extra]);
if (!compiled.ok) throw new Error(compiled.errors[0]!.message);
const table = compiled.table;

const values = [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value }));
for (const p of extra)
  values.push({ address: p.address, value: p.code.startsWith('t') ? -12.3 + p.address / 10 : p.address % 2 });
values.find((v) => v.address === 30)!.value = 0b10010;
const encoded = encodeReport('HP2406A0001', values, table, { seq: 1 });
if (!encoded.ok) throw new Error(encoded.error.message);
const frame = encoded.bytes;
const check = decodeFrame(frame, table);
if (!check.ok || check.frame.points.length !== 50) throw new Error('the benchmark frame does not decode to 50 points');

// Frames per wall-clock second, and per second of this process's CPU time: the machine is shared,
// so when other processes take the core, the second figure still says what one core can do.
function run(ms: number): { wall: number; cpu: number } {
  let n = 0;
  let sink = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let now = start;
  while (now - start < ms) {
    for (let k = 0; k < 1000; k++) {
      const r = decodeFrame(frame, table);
      if (r.ok) sink += r.frame.points.length;
    }
    n += 1000;
    now = performance.now();
  }
  if (sink !== n * 50) throw new Error('a frame failed to decode');
  const cpu = process.cpuUsage(cpu0);
  return { wall: (n * 1000) / (now - start), cpu: (n * 1e6) / (cpu.user + cpu.system) };
}

const seconds = Number(process.argv[2] ?? 5);
run(1500);
const rounds = Array.from({ length: seconds }, () => run(1000));
const fmt = (v: number) => Math.round(v).toLocaleString('en-US');
const summary = (label: string, list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${label}: median ${fmt(median)} frames/s, best ${fmt(sorted[sorted.length - 1]!)} frames/s (${(1e6 / median).toFixed(2)} µs per frame)`;
};
console.log(
  `frame: ${frame.length} bytes, 50 points (${table.points.length} in the table, one 32-bit high/low pair, signed x0.1 temperatures, enums, fault and binary words)`,
);
console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`);
console.log(`per-second rounds (wall clock): ${rounds.map((r) => fmt(r.wall)).join(', ')}`);
console.log(
  summary(
    'decode, wall clock',
    rounds.map((r) => r.wall),
  ),
);
console.log(
  summary(
    'decode, per CPU second',
    rounds.map((r) => r.cpu),
  ),
);

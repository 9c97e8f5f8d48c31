/**
 * What a simulated fleet costs, not a test: SIM_BENCH_DEVICES devices (1,000 by default) ramp up at
 * SIM_BENCH_RATE connections/s (500) against an Aedes broker in this process that checks every
 * signature (the simulator tests' broker), then report every second for SIM_BENCH_SECONDS (20).
 * Prints the ramp time, reports per second acknowledged, and the process's CPU and memory: the broker
 * and the fleet together, so an upper bound for the fleet alone.
 *
 *   node --import tsx bench/simulator-fleet.ts
 */
import { performance } from 'node:perf_hooks';
import { madeUpFleet, startSimulatedFleet } from '@dcc/simulator';
import { startTestBroker, until } from '@dcc/simulator/testing';

const DEVICES = Number(process.env.SIM_BENCH_DEVICES ?? 1000);
const RATE = Number(process.env.SIM_BENCH_RATE ?? 500);
const SECONDS = Number(process.env.SIM_BENCH_SECONDS ?? 20);

const devices = madeUpFleet(DEVICES, 'bench');
const broker = await startTestBroker(new Map(devices.map((d) => [d.code, d.secret])));
const rssBefore = process.memoryUsage().rss;
const began = performance.now();
const fleet = startSimulatedFleet({
  url: broker.url,
  devices,
  connectRatePerSecond: RATE,
  reportIntervalMs: 1000,
  heartbeatIntervalMs: 10_000,
});
await until(() => fleet.stats.connected === DEVICES, 120_000);
const rampMs = performance.now() - began;
const cpuStart = process.cpuUsage();
const ackedStart = fleet.stats.acked;
const steadyStart = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const elapsedS = (performance.now() - steadyStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
const acked = fleet.stats.acked - ackedStart;
const rss = process.memoryUsage().rss;
await fleet.stop();
await broker.close();

console.log(
  `devices ${DEVICES}, ramp ${RATE}/s: all connected after ${(rampMs / 1000).toFixed(2)} s (ideal ${(DEVICES / RATE).toFixed(2)} s)`,
);
console.log(
  `steady ${elapsedS.toFixed(1)} s, one report a second each: ${(acked / elapsedS).toFixed(0)} messages/s acknowledged (reports and heartbeats)`,
);
console.log(
  `CPU (broker and fleet, one process): ${(((cpu.user + cpu.system) / 1e6 / elapsedS) * 100).toFixed(0)} % of one core`,
);
console.log(
  `memory: RSS ${(rss / 2 ** 20).toFixed(0)} MiB, ${((rss - rssBefore) / DEVICES / 1024).toFixed(0)} KiB per device (with its broker session)`,
);
console.log(`connect errors ${fleet.stats.connectErrors}, publish errors ${fleet.stats.publishErrors}`);

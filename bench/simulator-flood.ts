/**
 * How fast a flooding simulated device publishes, not a test (the misbehaviour test checks only that it
 * publishes on each acknowledgement): one device with misbehaviour 'flood' against an Aedes broker in this
 * process that checks its signature, for SIM_FLOOD_SECONDS (5). Prints the reports acknowledged per second.
 *
 *   npm run bench:simulator-flood
 */
import { performance } from 'node:perf_hooks';
import { madeUpFleet, VirtualDevice } from '@dcc/simulator';
import { startTestBroker, until } from '@dcc/simulator/testing';

const SECONDS = Number(process.env.SIM_FLOOD_SECONDS ?? 5);

const [identity] = madeUpFleet(1, 'flood');
const broker = await startTestBroker(new Map([[identity!.code, identity!.secret]]));
const device = new VirtualDevice({
  url: broker.url,
  identity: identity!,
  seed: 'flood',
  misbehaviour: 'flood',
  reportIntervalMs: 60_000,
});
device.start();
await until(() => device.connected, 10_000);
const ackedStart = device.stats.acked;
const began = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const elapsedS = (performance.now() - began) / 1000;
const acked = device.stats.acked - ackedStart;
await device.stop();
await broker.close();

console.log(
  `flood, one device, ${elapsedS.toFixed(1)} s: ${(acked / elapsedS).toFixed(0)} reports/s acknowledged (${acked} in all)`,
);

import { assignMisbehaviours, parseCliArgs, USAGE } from './cli-args.ts';
import { startSimulatedFleet } from './fleet.ts';
import { madeUpFleet, readFleetFile } from './fleet-list.ts';
import type { SimStats } from './stats.ts';

/** `npm run simulate -- --devices N --rate R --url mqtt://... [--from-file devices.json] [--misbehave kind[:n]]` */
async function main(): Promise<void> {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const listed = options.fromFile ? await readFleetFile(options.fromFile) : madeUpFleet(options.devices, options.seed);
  const devices = assignMisbehaviours(
    listed.slice(0, Number.isFinite(options.devices) ? options.devices : undefined),
    options.misbehave,
  );
  const fleet = startSimulatedFleet({
    url: options.url,
    devices,
    connectRatePerSecond: options.rate,
    reportIntervalMs: options.reportSeconds * 1000,
    seed: options.seed,
  });
  process.stdout.write(`simulating ${devices.length} devices against ${options.url}, ${options.rate} connections/s\n`);
  const line = (s: SimStats) =>
    `connected ${s.connected}/${devices.length}  connects ${s.connects}  refused ${s.connectErrors}  published ${s.published}  acked ${s.acked}  commands ${s.commandsAnswered}/${s.commandsReceived}\n`;
  const timer = setInterval(() => process.stdout.write(line(fleet.stats)), options.statsSeconds * 1000);
  const stop = async () => {
    clearInterval(timer);
    await fleet.stop();
    process.stdout.write(`stopped: ${line(fleet.stats)}`);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await main();

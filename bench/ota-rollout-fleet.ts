/**
 * The simulated DTUs of bench/ota-rollout.ts, run as its child process (so that the server's CPU is its own):
 * connects every device, answers when all are online; at the end tells when each reported its success; then
 * downloads the same firmware file over plain HTTP range requests, as many at once as the rollout allowed (the
 * ceiling the rollout is compared with).
 */
import { HP, VirtualDevice } from '@dcc/simulator';
import { isMain } from './child-script.ts';

export type RolloutFleetOrder =
  | { kind: 'start'; url: string; devices: Array<{ code: string; secret: string }>; version: string }
  | { kind: 'collect' }
  | { kind: 'download'; urls: string[]; size: number; atOnce: number; chunkBytes: number }
  | { kind: 'end' };

export type RolloutFleetReply =
  | { kind: 'online'; seconds: number }
  | { kind: 'collected'; succeededAt: Record<string, number>; upgraded: number; resumes: number }
  | { kind: 'downloaded'; seconds: number; bytes: number; failed: number };

// Sign-ins take the server a database read each: a faster ramp on a loaded machine times DTUs out, and their retries
// count as failures against the address (the broker's sign-in throttle).
const CONNECTING_PER_SECOND = 25;
const send = (reply: RolloutFleetReply) => process.send!(reply);

const dtus: VirtualDevice[] = [];

async function start(order: Extract<RolloutFleetOrder, { kind: 'start' }>): Promise<void> {
  const began = Date.now();
  for (const [k, device] of order.devices.entries()) {
    const dtu = new VirtualDevice({
      url: order.url,
      identity: { code: device.code, secret: device.secret, kind: 'heatPump' },
      reportIntervalMs: 600_000,
      heartbeatIntervalMs: 600_000,
      firmwareVersion: order.version,
      ota: 'normal',
    });
    dtus.push(dtu);
    dtu.start();
    if (k % CONNECTING_PER_SECOND === CONNECTING_PER_SECOND - 1) await new Promise((r) => setTimeout(r, 1000));
  }
  for (let waited = 0; dtus.some((d) => !d.connected); waited += 100) {
    if (waited % 10_000 === 0)
      console.error(`[fleet] ${dtus.filter((d) => d.connected).length}/${dtus.length} connected`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Every unit idle with a strong signal (switched off: no defrost, no heater): the preconditions would otherwise
  // defer the busy and weak ones until their next report, which this fleet sends only every ten minutes (the
  // preconditions have their own test, ota/preconditions.int.test.ts).
  for (const dtu of dtus)
    dtu.adjust((pump) => {
      pump.values.set(HP.power, 0);
      pump.rssi = -50;
    });
  send({ kind: 'online', seconds: (Date.now() - began) / 1000 });
}

/** Downloads each URL whole, `chunkBytes` a request as the devices do, `atOnce` files at a time. */
async function download(order: Extract<RolloutFleetOrder, { kind: 'download' }>): Promise<void> {
  const began = Date.now();
  let bytes = 0;
  let failed = 0;
  const queue = [...order.urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift())
      for (let from = 0; from < order.size; from += order.chunkBytes) {
        const to = Math.min(order.size, from + order.chunkBytes) - 1;
        try {
          const response = await fetch(url, { headers: { range: `bytes=${from}-${to}` } });
          if (response.status !== 206) failed++;
          bytes += (await response.arrayBuffer()).byteLength;
        } catch {
          failed++;
        }
      }
  };
  await Promise.all(Array.from({ length: order.atOnce }, worker));
  send({ kind: 'downloaded', seconds: (Date.now() - began) / 1000, bytes, failed });
}

if (isMain('ota-rollout-fleet')) process.on('disconnect', () => process.exit(0));
if (isMain('ota-rollout-fleet'))
  process.on('message', (order: RolloutFleetOrder) => {
    if (order.kind === 'start') void start(order);
    if (order.kind === 'collect')
      send({
        kind: 'collected',
        succeededAt: Object.fromEntries(
          dtus.flatMap((d) => (d.ota.stats.reportedAt.succeeded ? [[d.code, d.ota.stats.reportedAt.succeeded]] : [])),
        ),
        upgraded: dtus.filter((d) => d.ota.stats.reportedAt.succeeded !== undefined).length,
        resumes: dtus.reduce((sum, d) => sum + d.ota.stats.resumes, 0),
      });
    if (order.kind === 'download') void download(order);
    if (order.kind === 'end') void Promise.all(dtus.map((d) => d.stop())).then(() => process.exit(0));
  });

import { pastReports } from '@dcc/simulator';
import type { Kysely } from 'kysely';
import { demoFleet } from '../db/seed/demo-fleet.ts';
import { demoDeviceState } from '../db/seed/demo-fleet-states.ts';
import { claimSeedMarker } from '../db/seed/seed-marker.ts';
import type { DB } from '../db/schema.ts';
import type { UplinkMessage, UplinkSink } from './device-link.ts';

const MARKER = 'demo_history_backfilled_at';
/** How far back the demo history goes, and how far apart its reports are (coarser than live: a fast first start). */
export const DEMO_HISTORY_DAYS = 7;
export const DEMO_HISTORY_STEP_MS = 60 * 60_000;
/** Messages handed to the ingest before waiting for them to be stored: the queue stays bounded. */
const IN_FLIGHT = 2000;

/**
 * Once per demo database: the reports the first `count` demo devices (those activated) would have
 * sent over the last DEMO_HISTORY_DAYS (a device that went offline until it went), stored through the
 * ingest as live reports are, in batches. So curves, time travel and the dashboard have data on the
 * first open. Answers how many messages were stored (0 when done before).
 */
export async function backfillDemoHistory(
  db: Kysely<DB>,
  ingest: UplinkSink,
  count: number,
  now = Date.now(),
): Promise<number> {
  const kinds = new Map(
    demoFleet()
      .slice(0, count)
      .map((d) => [d.code, d.kind]),
  );
  const activated = await db
    .selectFrom('devices')
    .select('device_code')
    .where('device_code', 'in', [...kinds.keys()])
    .where('activated_at', 'is not', null)
    .execute();
  if (activated.length === 0 || !(await claimSeedMarker(db, MARKER))) return 0;
  const fromMs = now - DEMO_HISTORY_DAYS * 86_400_000;
  const messages: UplinkMessage[] = activated.flatMap(({ device_code: code }) => {
    const state = demoDeviceState(code);
    const toMs = state.offline ? now - state.offline.hoursAgo * 3_600_000 : now;
    const span = { fromMs, toMs, stepMs: DEMO_HISTORY_STEP_MS, seed: 'demo-history' };
    return pastReports({ code, kind: kinds.get(code)! }, span, { stuckFaults: state.stuckFaults }).map((r) => ({
      deviceCode: code,
      payload: r.payload,
      receivedAt: r.at,
    }));
  });
  // In time order, so that each batch spans many devices (one latest-values row per device and batch).
  messages.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  for (let start = 0; start < messages.length; start += IN_FLIGHT)
    await Promise.all(messages.slice(start, start + IN_FLIGHT).map((m) => ingest.store(m)));
  return messages.length;
}

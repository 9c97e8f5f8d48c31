import { OfflineReason } from '@dcc/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { statusOnLink } from '../../db/device-status-sql.ts';
import type { DB } from '../../db/schema.ts';

/** One connection of a device that came up (`reason` null) or went down with `reason`. */
export interface PresenceChange {
  deviceCode: string;
  connectionId: string;
  reason: number | null;
  at: Date;
}

/** A change that took effect: the device row and its status history changed. */
export interface PresenceChanged {
  deviceId: string;
  deviceCode: string;
  dealerId: string;
  connected: boolean;
  code: number;
  at: Date;
}

type Row = { id: string; device_code: string; dealer_id: string; i: number };

/**
 * Applies many presence changes in one transaction: one update for the connections that came up, one
 * for those that went down, one insert into the status history. A device named twice is applied in
 * order, in a later round. A close counts only for the device's current connection. Answers, per
 * change, what took effect (null when nothing did: an unknown device, or a taken-over connection).
 */
export async function writePresenceChanges(
  db: Kysely<DB>,
  changes: readonly PresenceChange[],
): Promise<Array<PresenceChanged | null>> {
  const results: Array<PresenceChanged | null> = changes.map(() => null);
  await db.transaction().execute(async (trx) => {
    // Row locks in id order first, as the ingest's device update takes them: a batch of presence
    // changes and an ingest batch over the same devices cannot deadlock.
    await sql`select id from devices where device_code = any(${[...new Set(changes.map((c) => c.deviceCode))]}::text[]) order by id for update`.execute(
      trx,
    );
    for (const round of rounds(changes)) {
      const ups = round.filter((i) => changes[i]!.reason === null);
      const downs = round.filter((i) => changes[i]!.reason !== null);
      for (const row of [
        ...(await connectionsUp(trx, changes, ups)),
        ...(await connectionsDown(trx, changes, downs)),
      ]) {
        const change = changes[row.i]!;
        results[row.i] = {
          deviceId: row.id,
          deviceCode: row.device_code,
          dealerId: row.dealer_id,
          connected: change.reason === null,
          code: change.reason ?? OfflineReason.NORMAL,
          at: change.at,
        };
      }
    }
    const done = results.filter((r): r is PresenceChanged => r !== null);
    if (done.length > 0)
      await trx
        .insertInto('device_status_events')
        .values(done.map((r) => ({ device_id: r.deviceId, connected: r.connected, code: r.code, at: r.at })))
        .execute();
  });
  return results;
}

/** Indexes of `changes` split so that no device appears twice in a round; rounds keep arrival order. */
function rounds(changes: readonly PresenceChange[]): number[][] {
  const result: number[][] = [];
  const roundOf = new Map<string, number>();
  changes.forEach((change, i) => {
    const round = (roundOf.get(change.deviceCode) ?? -1) + 1;
    roundOf.set(change.deviceCode, round);
    (result[round] ??= []).push(i);
  });
  return result;
}

const timesOf = (changes: readonly PresenceChange[], picked: number[]) =>
  picked.map((i) => changes[i]!.at.toISOString());

async function connectionsUp(
  trx: Transaction<DB>,
  changes: readonly PresenceChange[],
  picked: number[],
): Promise<Row[]> {
  if (picked.length === 0) return [];
  const { rows } = await sql<Row>`
    update devices d set connected = true, connection_id = u.conn, connected_at = u.at, last_online_at = u.at, offline_code = null,
      status = ${statusOnLink(sql.ref('d.activated_at'), true)}
    from unnest(${picked.map((i) => changes[i]!.deviceCode)}::text[], ${picked.map((i) => changes[i]!.connectionId)}::text[],
      ${timesOf(changes, picked)}::timestamptz[], ${picked}::int[]) as u(code, conn, at, i)
    where d.device_code = u.code
    returning d.id::text as id, d.device_code, d.dealer_id::text as dealer_id, u.i`.execute(trx);
  return rows;
}

async function connectionsDown(
  trx: Transaction<DB>,
  changes: readonly PresenceChange[],
  picked: number[],
): Promise<Row[]> {
  if (picked.length === 0) return [];
  const { rows } = await sql<Row>`
    update devices d set connected = false, offline_code = u.reason,
      status = ${statusOnLink(sql.ref('d.activated_at'), false)}
    from unnest(${picked.map((i) => changes[i]!.deviceCode)}::text[], ${picked.map((i) => changes[i]!.connectionId)}::text[],
      ${picked.map((i) => changes[i]!.reason)}::int[], ${picked}::int[]) as u(code, conn, reason, i)
    where d.device_code = u.code and coalesce(d.connection_id, '') = u.conn and d.connected
    returning d.id::text as id, d.device_code, d.dealer_id::text as dealer_id, u.i`.execute(trx);
  return rows;
}

import type { CommunicationLogSearch, CommunicationQuerySearch } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** A raw packet as the communication log reads it, with its device. */
export interface PacketRow {
  deviceId: string;
  deviceCode: string;
  time: string;
  direction: 'up' | 'down';
  hex: string;
  kind: string | null;
  refusal: string | null;
}

type Range = Pick<CommunicationQuerySearch, 'startTime' | 'endTime' | 'direction'>;

/** The packets of a time range (day bounds let PostgreSQL skip the partitions outside it), in and out or one way. */
function inRange(db: Kysely<DB>, range: Range) {
  const from = new Date(range.startTime);
  const until = new Date(range.endTime);
  let query = db
    .selectFrom('raw_packets as p')
    .where('p.day', '>=', dayOf(from))
    .where('p.day', '<=', dayOf(until))
    .where('p.at', '>=', from)
    .where('p.at', '<=', until);
  if (range.direction) query = query.where('p.direction', '=', range.direction);
  return query;
}

const COLUMNS = ['p.device_id', 'p.at', 'p.direction', 'p.payload', 'p.kind', 'p.refusal'] as const;

type Row = {
  device_id: string;
  at: Date;
  direction: 'up' | 'down';
  payload: Buffer;
  kind: string | null;
  refusal: string | null;
};

const packetOf =
  (codeOf: (deviceId: string) => string) =>
  (row: Row): PacketRow => ({
    deviceId: row.device_id,
    deviceCode: codeOf(row.device_id),
    time: row.at.toISOString(),
    direction: row.direction,
    hex: Buffer.from(row.payload).toString('hex'),
    kind: row.kind,
    refusal: row.refusal,
  });

export interface PacketPage {
  totalSize: number;
  list: PacketRow[];
}

/** One device's packets of the search. */
const devicePackets = (db: Kysely<DB>, device: DeviceInScope, search: Range) =>
  inRange(db, search).where('p.device_id', '=', device.id);

/** The packets of every device of the scope's subtree in the search's range. */
const subtreePackets = (db: Kysely<DB>, scope: DealerScope, search: CommunicationQuerySearch) =>
  inRange(db, search)
    .innerJoin('devices as dv', 'dv.id', 'p.device_id')
    .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
    .where(ownerInSubtree(scope, 'od'));

/** One device's packets of the search, newest first. */
export async function devicePacketsInRange(
  db: Kysely<DB>,
  device: DeviceInScope,
  search: CommunicationLogSearch,
  page: { limit: number; offset: number },
): Promise<PacketPage> {
  const query = devicePackets(db, device, search);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => filtered.select(COLUMNS).orderBy('p.at', 'desc'),
    page,
  );
  return { totalSize, list: rows.map(packetOf(() => device.code)) };
}

/** The packets of every device of the scope's subtree in the search's range, newest first. */
export async function subtreePacketsInRange(
  db: Kysely<DB>,
  scope: DealerScope,
  search: CommunicationQuerySearch,
  page: { limit: number; offset: number },
): Promise<PacketPage> {
  const query = subtreePackets(db, scope, search);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => filtered.select(COLUMNS).select('dv.device_code').orderBy('p.at', 'desc'),
    page,
  );
  const codes = new Map(rows.map((row) => [row.device_id, row.device_code]));
  return { totalSize, list: rows.map(packetOf((id) => codes.get(id) ?? '')) };
}

/** How many packets an export of the search writes: one device's, or (device null) the subtree's. */
export async function countPackets(
  db: Kysely<DB>,
  target: { device: DeviceInScope } | { scope: DealerScope },
  search: CommunicationQuerySearch,
): Promise<number> {
  const query =
    'device' in target ? devicePackets(db, target.device, search) : subtreePackets(db, target.scope, search);
  const row = await query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The packets of an export, newest first, one batch at a time: each batch starts after the last row of
 * the one before (keyset on the packet's unique key), so a deep batch costs what the first does.
 */
export async function* packetBatches(
  db: Kysely<DB>,
  target: { device: DeviceInScope } | { scope: DealerScope },
  search: CommunicationQuerySearch,
  batchRows: number,
): AsyncGenerator<PacketRow[]> {
  let after: { at: Date; deviceId: string; seq: number; digest: number; direction: string } | null = null;
  for (;;) {
    const base =
      'device' in target
        ? devicePackets(db, target.device, search).select(sql<string>`${target.device.code}`.as('device_code'))
        : subtreePackets(db, target.scope, search).select('dv.device_code');
    let query = base.select([...COLUMNS, 'p.seq', 'p.digest']);
    if (after) {
      const { at, deviceId, seq, digest, direction } = after;
      query = query.where(
        sql<boolean>`(p.at, p.device_id, p.seq, p.digest, p.direction) < (${at}, ${deviceId}::bigint, ${seq}, ${digest}, ${direction})`,
      );
    }
    const rows = await query
      .orderBy('p.at', 'desc')
      .orderBy('p.device_id', 'desc')
      .orderBy('p.seq', 'desc')
      .orderBy('p.digest', 'desc')
      .orderBy('p.direction', 'desc')
      .limit(batchRows)
      .execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, deviceId: last.device_id, seq: last.seq, digest: last.digest, direction: last.direction };
    const codes = new Map(rows.map((row) => [row.device_id, row.device_code]));
    yield rows.map(packetOf((id) => codes.get(id) ?? ''));
    if (rows.length < batchRows) return;
  }
}

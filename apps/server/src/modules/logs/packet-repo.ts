import type { CommunicationLogSearch, CommunicationQuerySearch } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';

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

/** One device's packets of the search, newest first. */
export async function devicePacketsInRange(
  db: Kysely<DB>,
  device: DeviceInScope,
  search: CommunicationLogSearch,
  page: { limit: number; offset: number },
): Promise<PacketPage> {
  const query = inRange(db, search).where('p.device_id', '=', device.id);
  const [rows, total] = await Promise.all([
    query.select(COLUMNS).orderBy('p.at', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalSize: Number(total.n), list: rows.map(packetOf(() => device.code)) };
}

/** The packets of every device of the scope's subtree in the search's range, newest first. */
export async function subtreePacketsInRange(
  db: Kysely<DB>,
  scope: DealerScope,
  search: CommunicationQuerySearch,
  page: { limit: number; offset: number },
): Promise<PacketPage> {
  const query = inRange(db, search)
    .innerJoin('devices as dv', 'dv.id', 'p.device_id')
    .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
    .where(ownerInSubtree(scope, 'od'));
  const [rows, total] = await Promise.all([
    query
      .select(COLUMNS)
      .select('dv.device_code')
      .orderBy('p.at', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const codes = new Map(rows.map((row) => [row.device_id, row.device_code]));
  return { totalSize: Number(total.n), list: rows.map(packetOf((id) => codes.get(id) ?? '')) };
}

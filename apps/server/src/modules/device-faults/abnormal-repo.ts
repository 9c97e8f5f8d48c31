import { localName, type AbnormalDevice, type AbnormalReason, type Locale } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { COUNT_AHEAD_PAGES } from '../devices/repo.ts';
import { offlineDevices, readsOffline, reasonsOf, refusingDevices, type AbnormalFilter } from './abnormal-sources.ts';

export type { AbnormalFilter } from './abnormal-sources.ts';

interface ReasonRow {
  device_id: string;
  reason: AbnormalReason;
  count: string;
  codes: Array<{ code: string; count: number | string }>;
  first_at: Date;
  last_at: Date;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The page's devices (device_id, last_at), latest first. The first N devices are among the first N long-offline
 * devices by last online time and the devices with refusal counters (few), each with its latest time over all its
 * reasons; so the long-offline walk stops after N.
 */
async function pagedDevices(db: Kysely<DB>, scope: DealerScope, filter: AbnormalFilter, page: { limit: number; offset: number }) {
  const refusing = refusingDevices(scope, filter);
  const candidates = readsOffline(filter)
    ? sql`select device_id, max(last_at) as last_at from (
        select device_id, last_at from (${refusing}) refusing
        union all
        select device_id, last_at from (${offlineDevices(scope, filter)} limit ${page.offset + page.limit}) offline
      ) merged group by device_id`
    : refusing;
  const rows = await sql<{ device_id: string; last_at: Date }>`
    select device_id, last_at from (${candidates}) candidates order by last_at desc, device_id desc limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.rows.map((r) => ({ id: String(r.device_id), lastAt: r.last_at }));
}

/**
 * How many devices match: the devices with refusal counters, exactly, and the long-offline devices without any,
 * counted COUNT_AHEAD_PAGES pages past the asked one at most. Past that the total is a lower bound (totalExact false).
 */
async function matchingCount(db: Kysely<DB>, scope: DealerScope, filter: AbnormalFilter, page: { limit: number; offset: number }) {
  const horizon = page.offset + (COUNT_AHEAD_PAGES + 1) * page.limit;
  const offline = readsOffline(filter)
    ? sql`(select count(*) from (${offlineDevices(scope, filter, true)} limit ${horizon + 1}) ahead)`
    : sql`0`;
  const counted = await sql<{ refusing: string; offline: string }>`
    select (select count(*) from (${refusingDevices(scope, filter)}) refusing) as refusing, ${offline} as offline`.execute(db);
  const refusing = Number(counted.rows[0]?.refusing ?? 0);
  const offlineSeen = Number(counted.rows[0]?.offline ?? 0);
  return offlineSeen > horizon ? { totalSize: refusing + horizon, totalExact: false } : { totalSize: refusing + offlineSeen, totalExact: true };
}

/** One page of the subtree's abnormal devices, latest first, with every reason of each, and how many match. */
export async function abnormalPage(
  db: Kysely<DB>, scope: DealerScope, locale: Locale, filter: AbnormalFilter, page: { limit: number; offset: number },
): Promise<{ list: AbnormalDevice[]; totalSize: number; totalExact: boolean }> {
  const [paged, count] = await Promise.all([pagedDevices(db, scope, filter, page), matchingCount(db, scope, filter, page)]);
  if (paged.length === 0) return { ...count, list: [] };
  const ids = paged.map((d) => d.id);
  const [reasons, devices] = await Promise.all([
    sql<ReasonRow>`${reasonsOf(ids)}`.execute(db),
    db
      .selectFrom('devices as dv')
      .innerJoin('products as p', 'p.id', 'dv.product_id')
      .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
      .where('dv.id', 'in', ids)
      .select(['dv.id', 'dv.device_code', 'dv.device_name', 'dv.status', 'dv.last_online_at', 'p.name', 'p.en_name', 'p.message_type', 'od.name as dealer_name'])
      .execute(),
  ]);
  const byId = new Map(devices.map((d) => [String(d.id), d]));
  const list = paged.flatMap(({ id, lastAt }): AbnormalDevice[] => {
    const d = byId.get(id);
    if (!d) return [];
    return [{
      deviceId: id, deviceCode: d.device_code, deviceName: d.device_name, productName: localName(locale, d.name, d.en_name), productMessageType: d.message_type,
      dealersName: d.dealer_name, deviceStatus: d.status, lastOnlineTime: d.last_online_at ? iso(d.last_online_at) : null, lastTime: iso(lastAt),
      reasons: reasons.rows.filter((r) => String(r.device_id) === id).map((r) => ({
        reason: r.reason, count: Number(r.count), codes: r.codes.map((c) => ({ code: c.code, count: Number(c.count) })), firstTime: iso(r.first_at), lastTime: iso(r.last_at),
      })),
    }];
  });
  return { ...count, list };
}

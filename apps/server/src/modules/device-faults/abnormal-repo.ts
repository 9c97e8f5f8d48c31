import { localName, refusalName, type AbnormalDevice, type AbnormalReason, type Locale } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { countHorizonOf } from '../../db/page.ts';
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
 * The page's devices (device_id, last_at), latest first, and how many devices match, in one statement. The first N
 * devices are among the devices with refusal counters (few), each with its latest time over all its reasons, and the
 * first N long-offline devices by last online time; so the long-offline walk stops early. It goes on to
 * COUNT_AHEAD_PAGES pages past the asked one for the count: the devices with refusal counters are counted exactly,
 * and if the walk did not end there, the total is a lower bound (totalExact false, "more than totalSize").
 */
async function pagedDevices(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: AbnormalFilter,
  page: { limit: number; offset: number },
) {
  const horizon = countHorizonOf(page);
  const offline = readsOffline(filter);
  const walk = offline
    ? sql`select * from (${offlineDevices(scope, filter)} limit ${horizon + 1}) walked`
    : sql`select null::bigint as device_id, null::timestamptz as last_at, false as refused where false`;
  const rows = await sql<{
    refusing: string;
    walked: string;
    unrefused: string;
    device_id: string | null;
    last_at: Date | null;
  }>`
    with refusing as materialized (${refusingDevices(scope, filter)}),
      walk as materialized (${walk}),
      candidates as (
        select device_id, max(last_at) as last_at from (
          select device_id, last_at from refusing
          union all
          select device_id, last_at from (select device_id, last_at from walk order by last_at desc, device_id desc limit ${page.offset + page.limit}) head
        ) merged group by device_id
      )
    select (select count(*) from refusing) as refusing, (select count(*) from walk) as walked, (select count(*) from walk where not refused) as unrefused,
      paged.device_id, paged.last_at
    from (select 1) one left join (select * from candidates order by last_at desc, device_id desc limit ${page.limit} offset ${page.offset}) paged on true
    order by paged.last_at desc, paged.device_id desc`.execute(db);
  const first = rows.rows[0];
  // Every walked device with refusal counters is among the refusing ones (it matches as long offline).
  const matched = Number(first?.refusing ?? 0) + Number(first?.unrefused ?? 0);
  return {
    devices: rows.rows.flatMap((r) =>
      r.device_id === null || r.last_at === null ? [] : [{ id: String(r.device_id), lastAt: r.last_at }],
    ),
    count:
      Number(first?.walked ?? 0) > horizon
        ? { totalSize: matched - 1, totalExact: false }
        : { totalSize: matched, totalExact: true },
  };
}

/** One page of the subtree's abnormal devices, latest first, with every reason of each, and how many match. */
export async function abnormalPage(
  db: Kysely<DB>,
  scope: DealerScope,
  locale: Locale,
  filter: AbnormalFilter,
  page: { limit: number; offset: number },
): Promise<{ list: AbnormalDevice[]; totalSize: number; totalExact: boolean }> {
  const { devices: paged, count } = await pagedDevices(db, scope, filter, page);
  if (paged.length === 0) return { ...count, list: [] };
  const ids = paged.map((d) => d.id);
  const [reasons, details] = await Promise.all([
    sql<ReasonRow>`${reasonsOf(ids)}`.execute(db),
    db
      .selectFrom('devices as dv')
      .innerJoin('products as p', 'p.id', 'dv.product_id')
      .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
      .where('dv.id', 'in', ids)
      .select([
        'dv.id',
        'dv.device_code',
        'dv.device_name',
        'dv.status',
        'dv.last_online_at',
        'p.name',
        'p.en_name',
        'p.message_type',
        'od.name as dealer_name',
      ])
      .execute(),
  ]);
  const byId = new Map(details.map((d) => [String(d.id), d]));
  const list = paged.flatMap(({ id, lastAt }): AbnormalDevice[] => {
    const d = byId.get(id);
    if (!d) return [];
    return [
      {
        deviceId: id,
        deviceCode: d.device_code,
        deviceName: d.device_name,
        productName: localName(locale, d.name, d.en_name),
        productMessageType: d.message_type,
        dealersName: d.dealer_name,
        deviceStatus: d.status,
        lastOnlineTime: d.last_online_at ? iso(d.last_online_at) : null,
        lastTime: iso(lastAt),
        reasons: reasons.rows
          .filter((r) => String(r.device_id) === id)
          .map((r) => ({
            reason: r.reason,
            count: Number(r.count),
            codes: r.codes.map((c) => ({ code: c.code, name: refusalName(locale, c.code), count: Number(c.count) })),
            firstTime: iso(r.first_at),
            lastTime: iso(r.last_at),
          })),
      },
    ];
  });
  return { ...count, list };
}

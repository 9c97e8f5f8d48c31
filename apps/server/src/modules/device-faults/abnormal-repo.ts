import { LONG_OFFLINE_HOURS, localName, type AbnormalDevice, type AbnormalReason, type Locale } from '@dcc/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { PERSISTED_LINK_REFUSALS } from '../../ingest/link-refusal-log.ts';
import { OUT_OF_RANGE } from '../../ingest/pipeline-write.ts';
import { containsPattern } from '../managed-accounts/scope.ts';

/** What the abnormal list filters by; times are ISO instants on a reason's latest time. */
export interface AbnormalFilter {
  keyword: string;
  reason: '' | AbnormalReason;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * Codes of ingest_refusals counted as a throttled flood; OUT_OF_RANGE is the out-of-range reason;
 * every other code (frame.*, alink.*, ingest.*, link.payloadTooLarge) is malformed.
 */
const FLOOD_CODES = [PERSISTED_LINK_REFUSALS['publish-throttled']!, PERSISTED_LINK_REFUSALS['reconnect-loop']!];

/** SQL: the device under alias `dv` (owner dealer `od`) is in the subtree and matches the keyword. */
function deviceCondition(scope: DealerScope, keyword: string): RawBuilder<boolean> {
  const inScope = sql<boolean>`od.path like ${`${scope.path}%`}`;
  if (!keyword) return inScope;
  const pattern = containsPattern(keyword);
  return sql<boolean>`${inScope} and (dv.device_code ilike ${pattern} or dv.device_name ilike ${pattern})`;
}

/**
 * SQL: one row per device and reason (reason, count, codes, first_at, last_at): the refusal counters of
 * the subtree's devices grouped by reason, and the devices offline longer than LONG_OFFLINE_HOURS
 * (count = whole days since last online).
 */
function reasonRows(scope: DealerScope, keyword: string): RawBuilder<unknown> {
  const where = deviceCondition(scope, keyword);
  return sql`
    select device_id, reason, sum(count)::bigint as count, json_agg(json_build_object('code', code, 'count', count) order by code) as codes,
      min(first_at) as first_at, max(last_at) as last_at
    from (
      select dv.id as device_id, r.reason as code, r.count, r.first_at, r.last_at,
        case when r.reason in (${sql.join(FLOOD_CODES)}) then 'flood' when r.reason = ${OUT_OF_RANGE} then 'outOfRange' else 'malformed' end as reason
      from ingest_refusals r join devices dv on dv.device_code = r.device_code join dealers od on od.id = dv.dealer_id
      where ${where}
    ) counted
    group by device_id, reason
    union all
    select dv.id, 'longOffline', floor(extract(epoch from now() - dv.last_online_at) / 86400)::bigint, '[]'::json, dv.last_online_at, dv.last_online_at
    from devices dv join dealers od on od.id = dv.dealer_id
    where ${where} and not dv.connected and dv.last_online_at < now() - make_interval(hours => ${LONG_OFFLINE_HOURS})`;
}

/** SQL: the devices with a reason matching the filter (reason and its latest time), with their latest time of any reason. */
function matchedDevices(filter: AbnormalFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`true`];
  if (filter.reason) conditions.push(sql<boolean>`reason = ${filter.reason}`);
  if (filter.startTime) conditions.push(sql<boolean>`last_at >= ${new Date(filter.startTime).toISOString()}::timestamptz`);
  if (filter.endTime) conditions.push(sql<boolean>`last_at <= ${new Date(filter.endTime).toISOString()}::timestamptz`);
  return sql`select device_id, max(last_at) as last_at from reasons group by device_id having bool_or(${sql.join(conditions, sql` and `)})`;
}

interface ReasonRow {
  device_id: string;
  device_last: Date;
  reason: AbnormalReason;
  count: string;
  codes: Array<{ code: string; count: number | string }>;
  first_at: Date;
  last_at: Date;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/** One page of the subtree's abnormal devices, latest first, with every reason of each, and how many match. */
export async function abnormalPage(
  db: Kysely<DB>, scope: DealerScope, locale: Locale, filter: AbnormalFilter, page: { limit: number; offset: number },
): Promise<{ list: AbnormalDevice[]; totalSize: number }> {
  const ctes = sql`with reasons as (${reasonRows(scope, filter.keyword)}), matched as (${matchedDevices(filter)})`;
  const [counted, rows] = await Promise.all([
    sql<{ total: string }>`${ctes} select count(*) as total from matched`.execute(db),
    sql<ReasonRow>`${ctes}
      select m.device_id, m.last_at as device_last, r.reason, r.count, r.codes, r.first_at, r.last_at
      from (select * from matched order by last_at desc, device_id desc limit ${page.limit} offset ${page.offset}) m
      join reasons r on r.device_id = m.device_id
      order by m.last_at desc, m.device_id desc, r.reason`.execute(db),
  ]);
  const ids = [...new Set(rows.rows.map((r) => String(r.device_id)))];
  const devices = ids.length === 0 ? [] : await db
    .selectFrom('devices as dv')
    .innerJoin('products as p', 'p.id', 'dv.product_id')
    .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
    .where('dv.id', 'in', ids)
    .select(['dv.id', 'dv.device_code', 'dv.device_name', 'dv.status', 'dv.last_online_at', 'p.name', 'p.en_name', 'p.message_type', 'od.name as dealer_name'])
    .execute();
  const byId = new Map(devices.map((d) => [d.id, d]));
  const list = new Map<string, AbnormalDevice>();
  for (const r of rows.rows) {
    const id = String(r.device_id);
    const d = byId.get(id);
    if (!d) continue;
    const entry = list.get(id) ?? {
      deviceId: id, deviceCode: d.device_code, deviceName: d.device_name, productName: localName(locale, d.name, d.en_name), productMessageType: d.message_type,
      dealersName: d.dealer_name, deviceStatus: d.status, lastOnlineTime: d.last_online_at ? iso(d.last_online_at) : null, lastTime: iso(r.device_last), reasons: [],
    };
    entry.reasons.push({
      reason: r.reason, count: Number(r.count), codes: r.codes.map((c) => ({ code: c.code, count: Number(c.count) })), firstTime: iso(r.first_at), lastTime: iso(r.last_at),
    });
    list.set(id, entry);
  }
  return { totalSize: Number(counted.rows[0]?.total ?? 0), list: [...list.values()] };
}

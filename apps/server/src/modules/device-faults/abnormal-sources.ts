import { LONG_OFFLINE_HOURS, type AbnormalReason } from '@dcc/contract';
import { sql, type RawBuilder } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { PERSISTED_LINK_REFUSALS } from '../../ingest/index.ts';
import { OUT_OF_RANGE } from '../../ingest/index.ts';
import { containsPattern, ownerInSubtree } from '../managed-accounts/index.ts';

/** What the abnormal list filters by; times are ISO instants on a reason's latest time. */
export interface AbnormalFilter {
  keyword: string;
  reason: '' | AbnormalReason;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The list has two sources: the refusal counters of ingest_refusals (small: only misbehaving devices) and
 * the devices offline longer than LONG_OFFLINE_HOURS (any number, up to the whole fleet). A device's latest
 * time is the latest of all its reasons; a device is listed when one of its reasons matches the filter.
 */
export const readsOffline = (filter: AbnormalFilter): boolean =>
  filter.reason === '' || filter.reason === 'longOffline';

/**
 * Codes of ingest_refusals counted as a throttled flood; OUT_OF_RANGE is the out-of-range reason;
 * every other code (frame.*, alink.*, ingest.*, link.payloadTooLarge) is malformed.
 */
const FLOOD_CODES = [PERSISTED_LINK_REFUSALS['publish-throttled']!, PERSISTED_LINK_REFUSALS['reconnect-loop']!];

/** SQL: the reason of an ingest_refusals code under alias `r`. */
const REFUSAL_REASON = sql`case when r.reason in (${sql.join(FLOOD_CODES)}) then 'flood' when r.reason = ${OUT_OF_RANGE} then 'outOfRange' else 'malformed' end`;

/** SQL: the device under alias `dv` (owner dealer `od`) is in the subtree and matches the keyword. */
function deviceCondition(scope: DealerScope, keyword: string): RawBuilder<boolean> {
  const inScope = ownerInSubtree(scope, 'od');
  if (!keyword) return inScope;
  const pattern = containsPattern(keyword);
  return sql<boolean>`${inScope} and (dv.device_code ilike ${pattern} or dv.device_name ilike ${pattern})`;
}

/** SQL: the device under alias `dv` has been offline longer than LONG_OFFLINE_HOURS. */
const LONG_OFFLINE = sql<boolean>`not dv.connected and dv.last_online_at < now() - make_interval(hours => ${LONG_OFFLINE_HOURS})`;

/** SQL: a time `column` is inside the filter's window. */
function inWindow(column: RawBuilder<unknown>, filter: AbnormalFilter): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.startTime)
    conditions.push(sql<boolean>`${column} >= ${new Date(filter.startTime).toISOString()}::timestamptz`);
  if (filter.endTime)
    conditions.push(sql<boolean>`${column} <= ${new Date(filter.endTime).toISOString()}::timestamptz`);
  return conditions;
}

const all = (conditions: RawBuilder<boolean>[]) =>
  conditions.length === 0 ? sql<boolean>`true` : sql.join(conditions, sql` and `);

/**
 * SQL: one row per device and refusal reason (device_id, reason, count, codes, first_at, last_at) of the refusal
 * counters of the devices under alias `dv` that match `devices` (a condition on `dv` and its owner `od`).
 */
function refusalReasons(devices: RawBuilder<boolean>): RawBuilder<unknown> {
  return sql`
    select device_id, reason, sum(count)::bigint as count, json_agg(json_build_object('code', code, 'count', count) order by code) as codes,
      min(first_at) as first_at, max(last_at) as last_at
    from (
      select dv.id as device_id, r.reason as code, r.count, r.first_at, r.last_at, ${REFUSAL_REASON} as reason
      from ingest_refusals r join devices dv on dv.device_code = r.device_code join dealers od on od.id = dv.dealer_id
      where ${devices}
    ) counted
    group by device_id, reason`;
}

/** SQL: the long-offline reason row of the devices under alias `dv` that match `devices` (count = whole days since last online). */
function offlineReasons(devices: RawBuilder<boolean>): RawBuilder<unknown> {
  return sql`
    select dv.id as device_id, 'longOffline' as reason, floor(extract(epoch from now() - dv.last_online_at) / 86400)::bigint as count, '[]'::json as codes,
      dv.last_online_at as first_at, dv.last_online_at as last_at
    from devices dv join dealers od on od.id = dv.dealer_id
    where ${devices} and ${LONG_OFFLINE}`;
}

/**
 * SQL: every device with refusal counters whose reasons (its long-offline one included) match the filter, with
 * its latest time (device_id, last_at). Reads ingest_refusals and looks each of its devices up by code (a join
 * would read the whole devices table to find a few thousand).
 */
export function refusingDevices(scope: DealerScope, filter: AbnormalFilter): RawBuilder<unknown> {
  const match = all([
    ...(filter.reason ? [sql<boolean>`reason = ${filter.reason}`] : []),
    ...inWindow(sql`last_at`, filter),
  ]);
  return sql`
    with refused as materialized (
      select dv.id as device_id, dv.last_online_at, dv.long_offline, ${REFUSAL_REASON} as reason, r.last_at
      from ingest_refusals r cross join lateral (
        select dv.id, dv.dealer_id, dv.device_code, dv.device_name, dv.last_online_at, ${LONG_OFFLINE} as long_offline from devices dv where dv.device_code = r.device_code offset 0
      ) dv join dealers od on od.id = dv.dealer_id
      where ${deviceCondition(scope, filter.keyword)}
    )
    select device_id, max(last_at) as last_at
    from (
      select device_id, reason, max(last_at) as last_at from refused group by device_id, reason
      union all
      select distinct device_id, 'longOffline', last_online_at from refused where long_offline
    ) reasons
    group by device_id
    having bool_or(${match})`;
}

/**
 * SQL: the long-offline devices matching the filter (device_id, last_at, and whether the device has refusal
 * counters), in the order of devices_last_online_idx (latest first), so a query limited to the first N stops after N.
 */
export function offlineDevices(scope: DealerScope, filter: AbnormalFilter): RawBuilder<unknown> {
  const conditions = [
    deviceCondition(scope, filter.keyword),
    LONG_OFFLINE,
    ...inWindow(sql`dv.last_online_at`, filter),
  ];
  return sql`
    select dv.id as device_id, dv.last_online_at as last_at, exists (select 1 from ingest_refusals r where r.device_code = dv.device_code) as refused
    from devices dv join dealers od on od.id = dv.dealer_id
    where ${all(conditions)}
    order by dv.last_online_at desc nulls last, dv.id desc`;
}

/** SQL: every reason row of the given devices (already known to be in the caller's subtree), by device and reason. */
export function reasonsOf(ids: string[]): RawBuilder<unknown> {
  const listed = sql<boolean>`dv.id in (${sql.join(ids)})`;
  return sql`select * from (${refusalReasons(listed)}) refused union all ${offlineReasons(listed)} order by device_id, reason`;
}

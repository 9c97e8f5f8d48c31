import { REPORT_MODES, type ReportMode } from '@dcc/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DecodedMessage } from './pipeline-decode.ts';

/**
 * What a DTU reports about itself besides its points (docs/device-protocol.md section 20), kept for the
 * module communication log and the mode log (issue 22): each change of its DTU-mainboard link (heartbeat
 * link byte) and each change of its report mode (own topic, or a gateway's bus interface), with the time
 * the server received the message that showed it. Written in the batch's transaction.
 */

/** The topic a message came on: its publisher's up topic (docs/device-protocol.md section 12). */
const upTopic = (publisherCode: string): string => `dev/${publisherCode}/up`;

/** How a stored message reached the cloud: on the unit's own topic, or from a gateway's bus interface. */
export function reportModeOf(m: DecodedMessage): { mode: ReportMode; topic: string } {
  if (m.gatewayCode === undefined) return { mode: REPORT_MODES[0], topic: upTopic(m.message.deviceCode) };
  return { mode: REPORT_MODES[1], topic: upTopic(m.gatewayCode) };
}

/**
 * Logs each heartbeat whose link differs from the one before it (the batch's earlier heartbeat of the
 * device, else the device's stored link, read before this batch updates it). Runs before the devices' update.
 */
export async function logLinkChanges(tx: Transaction<DB>, accepted: readonly DecodedMessage[]): Promise<void> {
  const beats = accepted.filter((m) => m.heartbeat);
  if (beats.length === 0) return;
  await sql`
    insert into module_link_log (day, device_id, at, link)
    select u.day, u.d, u.a, u.l from (
      select u.*, lag(u.l) over (partition by u.d order by u.a, u.k) as prev
      from unnest(${beats.map((m) => m.day)}::date[], ${beats.map((m) => m.profile!.deviceId)}::bigint[],
        ${beats.map((m) => m.at)}::timestamptz[], ${beats.map((m) => m.heartbeat!.mainboardLink)}::boolean[],
        ${beats.map((_, k) => k)}::int[]) as u(day, d, a, l, k)
    ) u join devices dv on dv.id = u.d
    where u.l is distinct from (case when u.prev is null then dv.dtu_link else u.prev end)`.execute(tx);
}

/** The last report mode logged per device id ('mode topic'), as this process knows it. */
export type ReportModeMemory = Map<string, string>;

const modeKey = ({ mode, topic }: { mode: ReportMode; topic: string }) => `${mode} ${topic}`;

/** True unless the message came the way its device's last logged report mode says (as this process knows it). */
export const reportModeChanged = (m: DecodedMessage, memory: ReadonlyMap<string, string>): boolean =>
  memory.get(m.profile!.deviceId) !== modeKey(reportModeOf(m));

/**
 * Logs each stored message whose report mode differs from the device's last logged one (read once per
 * device and process, then remembered). Answers what to remember once the batch is committed.
 */
export async function logModeChanges(
  tx: Transaction<DB>,
  accepted: readonly DecodedMessage[],
  memory: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const changed = accepted.filter((m) => reportModeChanged(m, memory));
  if (changed.length === 0) return new Map();
  const ids = [...new Set(changed.map((m) => m.profile!.deviceId))];
  const unknown = ids.filter((id) => !memory.has(id));
  const last = new Map(memory);
  if (unknown.length > 0) {
    const { rows } = await sql<{ device_id: string; mode: ReportMode; topic: string }>`
      select distinct on (device_id) device_id::text, mode, topic from report_mode_log
      where device_id = any(${unknown}::bigint[]) order by device_id, at desc`.execute(tx);
    for (const row of rows) last.set(row.device_id, modeKey(row));
  }
  const rows: Array<{ day: string; id: string; at: string; mode: ReportMode; topic: string }> = [];
  for (const m of [...changed].sort((a, b) => a.at.localeCompare(b.at))) {
    const id = m.profile!.deviceId;
    const now = reportModeOf(m);
    if (last.get(id) === modeKey(now)) continue;
    last.set(id, modeKey(now));
    rows.push({ day: m.day, id, at: m.at, ...now });
  }
  if (rows.length > 0)
    await sql`
      insert into report_mode_log (day, device_id, at, mode, topic)
      select * from unnest(${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.id)}::bigint[],
        ${rows.map((r) => r.at)}::timestamptz[], ${rows.map((r) => r.mode)}::text[], ${rows.map((r) => r.topic)}::text[])`.execute(
      tx,
    );
  return new Map(ids.map((id) => [id, last.get(id)!]));
}

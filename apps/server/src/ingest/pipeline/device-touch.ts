import { sql, type RawBuilder } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.ts';
import { signalOf, type DecodedMessage } from './pipeline-decode.ts';

/**
 * The update of the messages' devices (last online time, heartbeat signal and link), null when none.
 * `storedOnly`: only the devices with a message that the gate's `raw` (pipeline-gate.ts) answers as
 * stored now, for a statement that runs beside the gate in one.
 */
export function touchDevices(
  messages: readonly DecodedMessage[],
  { storedOnly = false }: { storedOnly?: boolean } = {},
): RawBuilder<unknown> | null {
  const byDevice = new Map<string, { at: Date; signal: string | null; link: boolean | null }>();
  for (const m of messages) {
    const id = m.profile!.deviceId;
    const e = byDevice.get(id) ?? { at: m.message.receivedAt, signal: null, link: null };
    if (m.message.receivedAt > e.at) e.at = m.message.receivedAt;
    if (m.heartbeat) {
      e.signal = signalOf(m.heartbeat.rssi) ?? e.signal;
      e.link = m.heartbeat.mainboardLink;
    }
    byDevice.set(id, e);
  }
  if (byDevice.size === 0) return null;
  // Row locks in id order: two instances updating the same devices cannot deadlock. The last online
  // time moves in 30 s steps unless a heartbeat changes something: rewriting every device row with
  // every batch cost more than the history itself.
  const ids = [...byDevice.keys()].sort((a, b) => Number(a) - Number(b));
  return sql`
    update devices d set last_online_at = greatest(d.last_online_at, u.a), signal = coalesce(u.s, d.signal), dtu_link = coalesce(u.l, d.dtu_link)
    from unnest(${arrayLiteral(ids)}::bigint[], ${arrayLiteral(ids.map((id) => byDevice.get(id)!.at.toISOString()))}::timestamptz[],
      ${arrayLiteral(ids.map((id) => byDevice.get(id)!.signal))}::text[], ${arrayLiteral(ids.map((id) => byDevice.get(id)!.link))}::boolean[]) as u(i, a, s, l)
    where d.id = u.i and (u.s is not null or u.l is not null or d.last_online_at is null or d.last_online_at < u.a - interval '30 seconds')${
      storedOnly ? sql` and d.id in (select raw.device_id from raw)` : sql``
    }`;
}

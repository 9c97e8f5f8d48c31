import type { DtuLogSearch, ModuleLinkEntry, ReportModeEntry } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { pageWithTotal } from '../../db/page.ts';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';

/**
 * The module communication log and the mode log of one device (migration 092): its rows of the search's
 * range, newest first, and the state the range began in; the day bounds let PostgreSQL skip the partitions
 * outside it.
 */

type Range = Pick<DtuLogSearch, 'startTime' | 'endTime'>;
type Page = { limit: number; offset: number };
/** One page of one of these logs of a device. */
export type DtuPage<Entry> = (
  db: Kysely<DB>,
  device: DeviceInScope,
  range: Range,
  page: Page,
) => Promise<{ totalSize: number; list: Entry[] }>;

/** The instants and the partition days of a range. */
function bounds(range: Range) {
  const from = new Date(range.startTime);
  const until = new Date(range.endTime);
  return { from, until, firstDay: dayOf(from), lastDay: dayOf(until) };
}

/**
 * A page of a change log: the range's changes (newest first), then the last change before the range, the state
 * the range began in, marked beforeRange. It counts as the last row of the list.
 */
async function withStateAtStart<Row, Entry>(
  inRange: Promise<{ rows: Row[]; totalSize: number }>,
  before: Promise<Row | undefined>,
  page: Page,
  entryOf: (row: Row) => Entry,
): Promise<{ totalSize: number; list: Entry[] }> {
  const [{ rows, totalSize }, start] = await Promise.all([inRange, before]);
  const list = rows.map(entryOf);
  if (!start) return { totalSize, list };
  const onThisPage = totalSize >= page.offset && totalSize < page.offset + page.limit;
  return {
    totalSize: totalSize + 1,
    list: onThisPage ? [...list, { ...entryOf(start), beforeRange: true as const }] : list,
  };
}

export async function moduleLinkPage(
  db: Kysely<DB>,
  device: DeviceInScope,
  range: Range,
  page: Page,
): Promise<{ totalSize: number; list: ModuleLinkEntry[] }> {
  const { from, until, firstDay, lastDay } = bounds(range);
  const ofDevice = db.selectFrom('module_link_log').select(['at', 'link']).where('device_id', '=', device.id);
  const query = ofDevice
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .where('at', '>=', from)
    .where('at', '<=', until);
  return withStateAtStart(
    pageWithTotal(query, (q) => q.orderBy('at', 'desc'), page),
    ofDevice.where('day', '<=', firstDay).where('at', '<', from).orderBy('at', 'desc').limit(1).executeTakeFirst(),
    page,
    (row): ModuleLinkEntry => ({ deviceCode: device.code, time: row.at.toISOString(), link: row.link ? 'up' : 'down' }),
  );
}

export async function reportModePage(
  db: Kysely<DB>,
  device: DeviceInScope,
  range: Range,
  page: Page,
): Promise<{ totalSize: number; list: ReportModeEntry[] }> {
  const { from, until, firstDay, lastDay } = bounds(range);
  const ofDevice = db.selectFrom('report_mode_log').select(['at', 'mode', 'topic']).where('device_id', '=', device.id);
  const query = ofDevice
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .where('at', '>=', from)
    .where('at', '<=', until);
  return withStateAtStart(
    pageWithTotal(query, (q) => q.orderBy('at', 'desc'), page),
    ofDevice.where('day', '<=', firstDay).where('at', '<', from).orderBy('at', 'desc').limit(1).executeTakeFirst(),
    page,
    (row): ReportModeEntry => ({
      deviceCode: device.code,
      time: row.at.toISOString(),
      mode: row.mode,
      topic: row.topic,
    }),
  );
}

import { linkStatusOf, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';
import { offlineTexts } from '../devices/index.ts';
import { pageWithTotal } from '../../db/page.ts';

const iso = (at: Date | string) => new Date(at).toISOString();

/** A device's faults of the levels the reader may view (viewableFaultLevels), newest first. */
export async function deviceFaultPage(
  db: Kysely<DB>,
  device: DeviceInScope,
  filter: {
    current: boolean;
    startTime?: string | undefined;
    endTime?: string | undefined;
    pageIndex: number;
    pageSize: number;
  },
  viewableLevels: readonly number[],
) {
  if (viewableLevels.length === 0) return { totalSize: 0, list: [] };
  let query = db.selectFrom('device_faults').where('device_id', '=', device.id).where('level', 'in', viewableLevels);
  if (filter.current) query = query.where('closed_at', 'is', null);
  if (filter.startTime) query = query.where('opened_at', '>=', new Date(filter.startTime));
  if (filter.endTime) query = query.where('opened_at', '<=', new Date(filter.endTime));
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => filtered.selectAll().orderBy('opened_at', 'desc').orderBy('id', 'desc'),
    filter,
  );
  return {
    totalSize,
    list: rows.map((f) => ({
      faultId: f.id,
      address: f.address,
      faultCode: f.fault_code,
      level: f.level,
      faultType: f.fault_type,
      startTime: iso(f.opened_at),
      endTime: f.closed_at ? iso(f.closed_at) : null,
      repaired: f.repaired,
      repairedBy: f.repaired_by_name,
      repairedAt: f.repaired_at ? iso(f.repaired_at) : null,
    })),
  };
}

/** A device's online/offline changes, newest first, each code with its meaning and check method in `locale`. */
export async function deviceStatusPage(
  db: Kysely<DB>,
  device: DeviceInScope,
  page: { pageIndex: number; pageSize: number },
  locale: Locale,
) {
  const query = db.selectFrom('device_status_events').where('device_id', '=', device.id);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => filtered.select(['connected', 'code', 'at']).orderBy('at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return {
    totalSize,
    list: rows.map((r) => {
      const texts = offlineTexts(r.code, locale);
      return {
        status: linkStatusOf(r.connected),
        code: r.code,
        time: iso(r.at),
        reason: texts.offlineReason ?? '',
        checkMethod: texts.offlineCheckMethod,
      };
    }),
  };
}

/** A device's refusal counters (what the ingest refused of it, by reason). */
export async function deviceRefusals(db: Kysely<DB>, device: DeviceInScope) {
  const rows = await db
    .selectFrom('ingest_refusals')
    .selectAll()
    .where('device_code', '=', device.code)
    .orderBy('reason')
    .execute();
  return {
    list: rows.map((r) => ({
      reason: r.reason,
      count: Number(r.count),
      firstTime: iso(r.first_at),
      lastTime: iso(r.last_at),
    })),
  };
}

/** A device's raw packets, newest first. */
export async function devicePacketPage(
  db: Kysely<DB>,
  device: DeviceInScope,
  page: { pageIndex: number; pageSize: number },
) {
  const query = db.selectFrom('raw_packets').where('device_id', '=', device.id);
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => filtered.select(['at', 'direction', 'payload', 'kind', 'refusal']).orderBy('at', 'desc'),
    page,
  );
  return {
    totalSize,
    list: rows.map((r) => ({
      time: iso(r.at),
      direction: r.direction,
      hex: Buffer.from(r.payload).toString('hex'),
      kind: r.kind,
      refusal: r.refusal,
    })),
  };
}

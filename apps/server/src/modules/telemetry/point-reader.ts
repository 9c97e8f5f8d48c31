import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { hiddenAddress, vendorReaderOf } from '../points/index.ts';
import type { PointReader } from './current-points.ts';
import { pointHistory, type PointHistory } from './history-repo.ts';
import type { DeviceInScope } from '../devices/index.ts';

/** The caller as a reader of point values: its language, and whether it may read vendor parameters (B9405). */
export async function pointReaderOf(
  db: Kysely<DB>,
  ctx: Pick<ScopedContext, 'scope' | 'actor' | 'locale'>,
): Promise<PointReader> {
  return { locale: ctx.locale, ...(await vendorReaderOf(db, ctx.actor.userId, ctx.scope.dealerId)) };
}

/** Addresses no stored frame carries: a point the reader may not read answers as a point the table does not have. */
const UNREADABLE = -1;

/**
 * The point history of `addresses` as the reader may see it: a vendor parameter asked for by a reader
 * without B9405 answers exactly as an address the device never reported (no times of its own, no values).
 */
export async function readablePointHistory(
  db: Kysely<DB>,
  profiles: DeviceProfiles,
  device: DeviceInScope,
  reader: PointReader,
  addresses: readonly number[],
  start: Date,
  end: Date,
): Promise<PointHistory> {
  const table = reader.vendorParams ? undefined : (await profiles.get(device.code))?.table;
  const asked = addresses.map((a) => (hiddenAddress(reader, table, a) ? UNREADABLE : a));
  const history = await pointHistory(db, device, asked, start, end);
  return { ...history, addressList: history.addressList.map((entry, k) => ({ ...entry, address: addresses[k]! })) };
}

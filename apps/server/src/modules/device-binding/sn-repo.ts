import { localName, type Locale, type SnBinding } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { deviceRowOf, devicesOfScope, type DeviceInScope } from '../devices/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** Barcodes of devices (devices.sn) with who bound them (device_sn_bindings), always read within a scope. */

export interface SnBindingFilter {
  keyword: string;
  bound: '' | '0' | '1';
  pageIndex: number;
  pageSize: number;
}

const withBinding = (query: ReturnType<typeof devicesOfScope>) =>
  query.innerJoin('products as p', 'p.id', 'dv.product_id').leftJoin('device_sn_bindings as b', 'b.device_id', 'dv.id');

const scopedBindings = (db: Kysely<DB>, scope: DealerScope) => withBinding(devicesOfScope(db, scope));

function selectItem(query: ReturnType<typeof scopedBindings>) {
  return query.select([
    'dv.id as deviceId',
    'dv.device_code as deviceCode',
    'dv.device_name as deviceName',
    'p.name as productName',
    'p.en_name as product_en_name',
    'od.name as ownerDealerName',
    'dv.sn',
    'b.bound_by_name as boundByName',
    'b.source as boundSource',
    'b.bound_at',
    'dv.created_at',
  ]);
}

type BindingRow = Awaited<ReturnType<ReturnType<typeof selectItem>['executeTakeFirstOrThrow']>>;
const toBinding = (locale: Locale, { bound_at, created_at, product_en_name, ...row }: BindingRow): SnBinding => ({
  ...row,
  productName: localName(locale, row.productName, product_en_name),
  boundTime: bound_at && bound_at.toISOString(),
  createTime: created_at.toISOString(),
});

/** One page of the scope's devices with their barcodes, newest devices first, and how many match. */
export async function snBindingPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: SnBindingFilter,
  locale: Locale,
): Promise<{ list: SnBinding[]; totalSize: number }> {
  let query = scopedBindings(db, scope);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('dv.device_code', 'ilike', pattern),
        eb('dv.device_name', 'ilike', pattern),
        eb('dv.sn', 'ilike', pattern),
      ]),
    );
  }
  if (filter.bound === '1') query = query.where('dv.sn', '<>', '');
  if (filter.bound === '0') query = query.where('dv.sn', '=', '');
  const { rows, totalSize } = await pageWithTotal(
    query,
    (filtered) => selectItem(filtered).orderBy('dv.created_at', 'desc').orderBy('dv.id', 'desc'),
    filter,
  );
  return { list: rows.map((row) => toBinding(locale, row)), totalSize };
}

/** A device of the scope with its barcode; undefined when it was deleted since it was found. */
export async function findSnBinding(
  db: Kysely<DB>,
  device: DeviceInScope,
  locale: Locale,
): Promise<SnBinding | undefined> {
  const row = await selectItem(withBinding(deviceRowOf(db, device))).executeTakeFirst();
  return row && toBinding(locale, row);
}

/** Whether any device (in any company: barcodes are unique everywhere) holds the barcode. */
export async function snHolder(db: Kysely<DB>, sn: string): Promise<boolean> {
  return (await db.selectFrom('devices').select('id').where('sn', '=', sn).executeTakeFirst()) !== undefined;
}

import { ErrorCode, localName, localUnit, type DeviceListQuery, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail, failOnField } from '../../http/app-error.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import { publishedProperties } from '../../ingest/index.ts';
import { compiledVersionTable } from '../points/index.ts';
import { vendorReaderOf, visiblePoints, type VendorReader } from '../points/index.ts';
import { latestProtocolVersion } from '../../db/latest-protocol-version.ts';

export interface FilterPoint {
  address: number;
  code: string;
  name: string;
  unit: string;
}

/**
 * The points a parameter filter of the product can name, by the addresses the ingest stores latest
 * values under: a protocol-point product's newest protocol version table (as device profiles read its
 * frames) without the vendor parameters hidden from the reader, a thing-model product's published
 * properties. Products are platform catalog data (every company reads them); an unknown product answers NOT_FOUND.
 */
export async function filterPoints(
  db: Kysely<DB>,
  productId: string,
  reader: VendorReader,
  locale: Locale,
): Promise<FilterPoint[]> {
  const points = await productFilterPoints(db, productId, reader);
  if (!points) fail(ErrorCode.NOT_FOUND);
  // Named in the reader's language, as the curve and the detail name them.
  return points.map(({ enName, enUnit, ...point }) => ({
    ...point,
    name: localName(locale, point.name, enName),
    unit: localUnit(locale, point.unit, enUnit),
  }));
}

/** filterPoints, undefined for an unknown product. */
async function productFilterPoints(
  db: Kysely<DB>,
  productId: string,
  reader: VendorReader,
): Promise<Array<FilterPoint & { enName: string; enUnit: string }> | undefined> {
  const product = isIdText(productId)
    ? await db
        .selectFrom('products as p')
        .where('p.id', '=', productId)
        .select(['p.message_type'])
        .select(latestProtocolVersion)
        .executeTakeFirst()
    : undefined;
  if (!product) return undefined;
  if (product.message_type !== 'pm') {
    return (await publishedProperties(db, productId)).map(({ address, property }) => ({
      address,
      code: property.identifier ?? '',
      name: property.name ?? '',
      enName: property.enName ?? '',
      unit: property.dataType?.unit ?? '',
      enUnit: '',
    }));
  }
  const table = product.version_id ? await compiledVersionTable(db, product.version_id) : null;
  return (table ? visiblePoints(reader, table) : []).map((p) => ({
    address: p.address,
    code: p.code,
    name: p.name,
    enName: p.def.enName ?? '',
    unit: p.unit,
    enUnit: p.def.enUnit ?? '',
  }));
}

/**
 * Refuses a parameter condition on an address its product does not offer the reader (filterPoints),
 * on the condition's address field: a vendor parameter hidden from the reader gets the same answer as
 * an address the product does not have. A product that offers none (unknown, without a usable table or
 * published model) is left to the filter, which matches nothing there.
 */
export async function checkFilterAddresses(
  db: Kysely<DB>,
  reader: VendorReader,
  query: Pick<DeviceListQuery, 'filter'>,
  locale: Locale,
): Promise<void> {
  const offered = new Map<string, Promise<Set<number>>>();
  const addressesOf = (productId: string) => {
    const known =
      offered.get(productId) ??
      productFilterPoints(db, productId, reader).then((points) => new Set((points ?? []).map((p) => p.address)));
    offered.set(productId, known);
    return known;
  };
  for (const [index, condition] of (query.filter?.conditions ?? []).entries()) {
    if (condition.field !== 'addressData') continue;
    const addresses = await addressesOf(condition.productId);
    if (addresses.size > 0 && !addresses.has(condition.address))
      failOnField(ErrorCode.FILTER_POINT_UNKNOWN, `filter.conditions.${index}.address`, locale, {
        address: condition.address,
      });
  }
}

/** The caller of a device list call (list, count, export) as the reader its filter runs for, once its parameter conditions passed checkFilterAddresses. */
export async function listReaderOf(
  db: Kysely<DB>,
  ctx: ScopedContext,
  query: Pick<DeviceListQuery, 'filter'>,
): Promise<VendorReader> {
  const reader = await vendorReaderOf(db, ctx.actor.userId, ctx.scope.dealerId);
  await checkFilterAddresses(db, reader, query, ctx.locale);
  return reader;
}

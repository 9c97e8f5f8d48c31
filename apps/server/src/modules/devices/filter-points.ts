import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { publishedProperties } from '../../ingest/thing-model-addresses.ts';
import { compiledVersionTable } from '../points/version-table.ts';
import { visiblePoints, type VendorReader } from '../points/vendor-visibility.ts';

export interface FilterPoint {
  address: number;
  code: string;
  name: string;
  unit: string;
}

/**
 * The points a parameter filter of the product can name, by the addresses the ingest stores latest
 * values under: a protocol-point product's newest protocol version table (as device profiles read its
 * frames) without the vendor parameters hidden from the reader, a thing-model product's published properties. Products are platform catalog data (every
 * company reads them); an unknown product answers NOT_FOUND.
 */
export async function filterPoints(db: Kysely<DB>, productId: string, reader: VendorReader): Promise<FilterPoint[]> {
  const product = isIdText(productId)
    ? await db
      .selectFrom('products as p')
      .where('p.id', '=', productId)
      .select(['p.message_type'])
      .select((eb) => eb.selectFrom('protocol_versions as pv').whereRef('pv.protocol_id', '=', 'p.protocol_id').select('pv.id').orderBy('pv.id', 'desc').limit(1).as('version_id'))
      .executeTakeFirst()
    : undefined;
  if (!product) fail(ErrorCode.NOT_FOUND);
  if (product.message_type !== 'pm') {
    return (await publishedProperties(db, productId)).map(({ address, property }) => ({ address, code: property.identifier ?? '', name: property.name ?? '', unit: property.dataType?.unit ?? '' }));
  }
  const table = product.version_id ? await compiledVersionTable(db, product.version_id) : null;
  return (table ? visiblePoints(reader, table) : []).map((p) => ({ address: p.address, code: p.code, name: p.name, unit: p.unit }));
}

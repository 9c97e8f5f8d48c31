import type { ThingModel } from '@dcc/contract';
import type { RangeBound } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PointRange, PointRanges } from '../pipeline/out-of-range.ts';

export type ThingProperty = ThingModel['properties'][number];

/**
 * The properties of a product's published thing model with their addresses: where an Alink property
 * is kept in history and latest values, and how commands and the current values name it. The address
 * is the property's 1-based position in the published model (positions only grow at the end of a
 * published model edit; a removed property leaves its old rows under its old number).
 */
export async function publishedProperties(
  db: Kysely<DB>,
  productId: string,
): Promise<Array<{ address: number; property: ThingProperty }>> {
  const row = await db
    .selectFrom('thing_models')
    .select('published')
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const properties = (row?.published as Partial<ThingModel> | null | undefined)?.properties ?? [];
  return properties.map((property, k) => ({ address: k + 1, property }));
}

/** What the ingest reads Alink messages of a product with: property addresses by identifier, and the value ranges of numeric properties by address. */
export interface ThingModelIndex {
  addresses: ReadonlyMap<string, number>;
  ranges: PointRanges;
}

export const EMPTY_THING_MODEL: ThingModelIndex = { addresses: new Map(), ranges: new Map() };

const NUMERIC_TYPES = new Set(['int', 'float', 'double']);
const bound = (value: number | null | undefined): RangeBound =>
  typeof value === 'number' ? { kind: 'number', value } : { kind: 'open' };

/** The minimum and maximum of a numeric property (the ones a property set is checked against), or null when it has neither. */
function propertyRange(property: ThingProperty): PointRange | null {
  const spec = property.dataType as Partial<ThingProperty['dataType']> | undefined;
  if (!spec || !NUMERIC_TYPES.has(spec.type ?? '') || (typeof spec.min !== 'number' && typeof spec.max !== 'number'))
    return null;
  return { min: bound(spec.min), max: bound(spec.max) };
}

/** The index of a product's published thing model (publishedProperties), cached per product for `ttlMs`. */
export function thingModelIndexes(db: Kysely<DB>, ttlMs = 60_000): (productId: string) => Promise<ThingModelIndex> {
  const cache = new Map<string, { at: number; index: Promise<ThingModelIndex> }>();
  return (productId) => {
    const hit = cache.get(productId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.index;
    const index = (async () => {
      const properties = await publishedProperties(db, productId);
      const addresses = new Map(
        properties.flatMap(({ address, property }) =>
          typeof property.identifier === 'string' ? [[property.identifier, address] as const] : [],
        ),
      );
      const ranges = new Map(
        properties.flatMap(({ address, property }) => {
          const range = propertyRange(property);
          return range ? [[address, range] as const] : [];
        }),
      );
      return { addresses, ranges };
    })();
    cache.set(productId, { at: Date.now(), index });
    index.catch(() => cache.delete(productId));
    return index;
  };
}

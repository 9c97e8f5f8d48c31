import type { ThingModel } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type ThingProperty = ThingModel['properties'][number];

/**
 * The properties of a product's published thing model with their addresses: where an Alink property
 * is kept in history and latest values, and how commands and the current values name it. The address
 * is the property's 1-based position in the published model (positions only grow at the end of a
 * published model edit; a removed property leaves its old rows under its old number).
 */
export async function publishedProperties(db: Kysely<DB>, productId: string): Promise<Array<{ address: number; property: ThingProperty }>> {
  const row = await db.selectFrom('thing_models').select('published').where('product_id', '=', productId).executeTakeFirst();
  const properties = (row?.published as Partial<ThingModel> | null | undefined)?.properties ?? [];
  return properties.map((property, k) => ({ address: k + 1, property }));
}

/** The addresses of a product's published properties by identifier (publishedProperties), cached per product. */
export function thingModelAddresses(db: Kysely<DB>, ttlMs = 60_000): (productId: string) => Promise<ReadonlyMap<string, number>> {
  const cache = new Map<string, { at: number; map: Promise<ReadonlyMap<string, number>> }>();
  return (productId) => {
    const hit = cache.get(productId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.map;
    const map = (async () => {
      const properties = await publishedProperties(db, productId);
      return new Map(properties.flatMap(({ address, property }) => (typeof property.identifier === 'string' ? [[property.identifier, address] as const] : [])));
    })();
    cache.set(productId, { at: Date.now(), map });
    map.catch(() => cache.delete(productId));
    return map;
  };
}

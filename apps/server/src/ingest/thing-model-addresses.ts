import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Where an Alink property is kept in history and latest values: the address of a thing-model property
 * is its 1-based position in the product's published model (positions only grow at the end of a
 * published model edit; a removed property leaves its old rows under its old number). Cached per product.
 */
export function thingModelAddresses(db: Kysely<DB>, ttlMs = 60_000): (productId: string) => Promise<ReadonlyMap<string, number>> {
  const cache = new Map<string, { at: number; map: Promise<ReadonlyMap<string, number>> }>();
  return (productId) => {
    const hit = cache.get(productId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.map;
    const map = (async () => {
      const row = await db.selectFrom('thing_models').select('published').where('product_id', '=', productId).executeTakeFirst();
      const properties = (row?.published as { properties?: Array<{ identifier?: unknown }> } | null | undefined)?.properties ?? [];
      return new Map(properties.flatMap((p, k) => (typeof p.identifier === 'string' ? [[p.identifier, k + 1] as const] : [])));
    })();
    cache.set(productId, { at: Date.now(), map });
    map.catch(() => cache.delete(productId));
    return map;
  };
}

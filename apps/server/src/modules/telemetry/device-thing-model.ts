import type { ThingModel } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The published thing model of a product; null for a protocol-point product or one never published. */
export async function publishedThingModel(db: Kysely<DB>, productId: string): Promise<{ model: ThingModel | null }> {
  const row = await db
    .selectFrom('thing_models')
    .select('published')
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return { model: (row?.published as ThingModel | null | undefined) ?? null };
}

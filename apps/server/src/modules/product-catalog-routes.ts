import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';

/** Series, data types, products and thing models (issue 4). */
export function productCatalogRoutes(_db: Kysely<DB>): CallRoute[] {
  return [];
}

import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';
import { dataTypeRoutes } from './data-types/index.ts';
import { productRoutes } from './products/index.ts';
import { seriesRoutes } from './series/index.ts';
import { thingModelRoutes } from './thing-models/index.ts';

/** Series, data types, products and thing models (issue 4). */
export function productCatalogRoutes(db: Kysely<DB>): CallRoute[] {
  return [...seriesRoutes(db), ...dataTypeRoutes(db), ...productRoutes(db), ...thingModelRoutes(db)];
}

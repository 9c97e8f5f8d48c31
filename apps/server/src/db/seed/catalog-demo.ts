import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

/** Demo catalog: series, data types, the heat-pump protocol with its points, products (issue 4). */
export async function seedCatalogDemo(_db: Kysely<DB>): Promise<void> {}

import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';

/** Protocols, versions, points, point history, Excel import and export, frame decoding (issue 4). */
export function protocolCatalogRoutes(_db: Kysely<DB>): CallRoute[] {
  return [];
}

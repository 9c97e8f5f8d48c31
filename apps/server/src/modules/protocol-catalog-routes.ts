import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';
import { frameRoutes } from './frames/routes.ts';
import { pointExcelRoutes } from './point-excel/routes.ts';
import { pointHistoryRoutes } from './point-history/routes.ts';
import { pointRoutes } from './points/routes.ts';
import { protocolRoutes } from './protocols/routes.ts';

/** Protocols, versions, points, point history, Excel import and export, frame decoding (issue 4). */
export function protocolCatalogRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    ...protocolRoutes(db),
    ...pointRoutes(db),
    ...pointHistoryRoutes(db),
    ...pointExcelRoutes(db),
    ...frameRoutes(db),
  ];
}

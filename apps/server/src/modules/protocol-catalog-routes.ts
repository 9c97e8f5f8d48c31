import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';
import { frameRoutes } from './frames/index.ts';
import { pointExcelRoutes } from './point-excel/index.ts';
import { pointHistoryRoutes } from './point-history/index.ts';
import { pointRoutes } from './points/index.ts';
import { protocolRoutes } from './protocols/index.ts';

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

import { listPointHistory, pointHistoryById } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { foundOrFail } from '../catalog/index.ts';
import { findVersion } from '../protocols/index.ts';
import { findPointHistory, pointHistoryPage } from './repo.ts';

/** The point history of a version (pointHistory, pointHistoryDetail). */
export function pointHistoryRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listPointHistory, async (input) => {
      await foundOrFail(findVersion(db, input.versionId));
      return pointHistoryPage(db, input);
    }),
    route(pointHistoryById, (input) => foundOrFail(findPointHistory(db, input.historyId))),
  ];
}

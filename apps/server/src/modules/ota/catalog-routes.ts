import {
  OTA_CATALOG_CALLS,
  OTA_GENERATIONS,
  ota4gCreateBatchTask,
  ota4gListBatchTasks,
  ota4gSetBatchEnabled,
  type OtaGeneration,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { batchPage } from './batch-repo.ts';
import { createBatch, setBatchEnabled } from './batch-service.ts';
import { otaDevicePage, rollbackPage } from './catalog-repo.ts';
import type { Rollout } from './rollout.ts';

const EMPTY = { list: [], totalSize: 0 };

function areaRoutes(db: Kysely<DB>, generation: OtaGeneration): CallRoute[] {
  const calls = OTA_CATALOG_CALLS[generation];
  return [
    scopedRoute(calls.listDevices, async (input, ctx) =>
      input.productId !== '' && !isIdText(input.productId)
        ? EMPTY
        : otaDevicePage(db, ctx.scope, generation, input, ctx.locale),
    ),
    scopedRoute(calls.listRollbacks, (input, ctx) => rollbackPage(db, ctx.scope, generation, input)),
  ];
}

/** The OTA catalog: both areas' device and rollback lists, and the 4G batch upgrade tasks. */
export const otaCatalogRoutes = (db: Kysely<DB>, rollout: Rollout): CallRoute[] => [
  ...OTA_GENERATIONS.flatMap((generation) => areaRoutes(db, generation)),
  scopedRoute(ota4gListBatchTasks, async (input, ctx) =>
    input.productId !== '' && !isIdText(input.productId) ? EMPTY : batchPage(db, ctx.scope, input, ctx.locale),
  ),
  scopedRoute(ota4gCreateBatchTask, (input, ctx) => createBatch(db, ctx.scope, ctx.actor, ctx.locale, input)),
  scopedRoute(ota4gSetBatchEnabled, async (input, ctx) =>
    setBatchEnabled(db, ctx.scope, await operatorOf(db, ctx.scope, ctx), ctx.locale, input, (jobs) =>
      rollout.stop(jobs),
    ),
  ),
];

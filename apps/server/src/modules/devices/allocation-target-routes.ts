import { ALLOCATION_TARGETS_SHOWN, listCustomerTargets, listMoveTargets } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { customerOptions } from '../customers/index.ts';
import { dealerOptions } from '../dealers/index.ts';

/** The pickers of device allocation (B9404): where a device may be moved, and which end customer it may be given to, in the caller's subtree. */
export function allocationTargetRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listMoveTargets, async (input, ctx) => ({
      list: await dealerOptions(db, ctx.scope, input.keyword, ALLOCATION_TARGETS_SHOWN),
    })),
    scopedRoute(listCustomerTargets, async (input, ctx) => ({
      list: await customerOptions(db, ctx.scope, input.keyword, ALLOCATION_TARGETS_SHOWN),
    })),
  ];
}

import { ALLOCATION_TARGETS_SHOWN, listCustomerTargets, listMoveTargets } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { customerOptions } from '../customers/index.ts';
import { dealerOptions } from '../dealers/index.ts';
import { peopleScopeOf } from '../managed-accounts/index.ts';

/** The pickers of device allocation (B9404): where a device may be moved, and which end customer it may be given to, in the caller's subtree. */
export function allocationTargetRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listMoveTargets, async (input, ctx) => ({
      list: await dealerOptions(db, peopleScopeOf(ctx), input.keyword, ALLOCATION_TARGETS_SHOWN),
    })),
    route(listCustomerTargets, async (input, ctx) => ({
      list: await customerOptions(db, peopleScopeOf(ctx), input.keyword, ALLOCATION_TARGETS_SHOWN),
    })),
  ];
}

import { addDeviceChild, listDeviceChildren, removeDeviceChild } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Presence } from '../../ingest/index.ts';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { addChild, listChildren, removeChild } from './service.ts';

/** Gateways and sub-devices (B9406). */
export function topologyRoutes(db: Kysely<DB>, presence: Presence): CallRoute[] {
  const acting = async (ctx: ScopedContext) => ({ scope: ctx.scope, operator: await operatorOf(db, ctx.scope, ctx) });
  return [
    scopedRoute(addDeviceChild, async (input, ctx) => addChild(db, await acting(ctx), input)),
    scopedRoute(removeDeviceChild, async (input, ctx) => removeChild(db, presence, await acting(ctx), input)),
    scopedRoute(listDeviceChildren, (input, ctx) => listChildren(db, ctx.scope, input.gatewayId)),
  ];
}

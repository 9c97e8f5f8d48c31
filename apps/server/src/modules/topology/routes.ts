import { addDeviceChild, listDeviceChildren, removeDeviceChild } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Presence } from '../../ingest/presence.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { peopleScopeOf } from '../managed-accounts/scope.ts';
import { addChild, listChildren, removeChild } from './service.ts';

/** Gateways and sub-devices (B9406). */
export function topologyRoutes(db: Kysely<DB>, presence: Presence): CallRoute[] {
  return [
    route(addDeviceChild, (input, ctx) => addChild(db, peopleScopeOf(ctx), input, ctx.locale)),
    route(removeDeviceChild, (input, ctx) => removeChild(db, presence, peopleScopeOf(ctx), input, ctx.locale)),
    route(listDeviceChildren, (input, ctx) => listChildren(db, peopleScopeOf(ctx), input.gatewayId, ctx.locale)),
  ];
}

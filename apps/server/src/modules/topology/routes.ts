import { addDeviceChild, listDeviceChildren, removeDeviceChild } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Presence } from '../../ingest/index.ts';
import { route, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { peopleScopeOf } from '../managed-accounts/index.ts';
import { addChild, listChildren, removeChild } from './service.ts';

/** Gateways and sub-devices (B9406). */
export function topologyRoutes(db: Kysely<DB>, presence: Presence): CallRoute[] {
  const acting = async (ctx: CallContext) => {
    const scope = peopleScopeOf(ctx);
    return { scope, operator: await operatorOf(db, scope, ctx) };
  };
  return [
    route(addDeviceChild, async (input, ctx) => addChild(db, await acting(ctx), input, ctx.locale)),
    route(removeDeviceChild, async (input, ctx) => removeChild(db, presence, await acting(ctx), input, ctx.locale)),
    route(listDeviceChildren, (input, ctx) => listChildren(db, peopleScopeOf(ctx), input.gatewayId, ctx.locale)),
  ];
}

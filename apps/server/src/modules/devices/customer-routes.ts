import { allocateDeviceCustomer, getDeviceCustomer } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { allocateCustomer, deviceCustomerOf } from './customer-allocation.ts';

/** A device's end customer: read with B94, allocated or taken back with B9404. */
export function deviceCustomerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(getDeviceCustomer, (input, ctx) => deviceCustomerOf(db, ctx.scope, input.deviceId)),
    scopedRoute(allocateDeviceCustomer, async (input, ctx) => {
      const scope = ctx.scope;
      return allocateCustomer(db, scope, await operatorOf(db, scope, ctx), input);
    }),
  ];
}

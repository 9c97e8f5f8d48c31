import {
  getAddDeviceByDay,
  getDealersStats,
  getDeviceAuditNum,
  getDeviceRatio,
  getOnlineDeviceNumber,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { devicesByProduct, overviewOf } from './counts.ts';
import { devicesActivated, devicesAddedByDay, devicesOnline } from './device-stats.ts';

/** The home dashboard's device figures (B80): live counts and the daily roll-up, over the caller's subtree. */
export function dashboardRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(getDealersStats, (_input, ctx) => overviewOf(db, ctx.scope)),
    scopedRoute(getAddDeviceByDay, (input, ctx) => devicesAddedByDay(db, ctx.scope, input, ctx.timeZone)),
    scopedRoute(getDeviceAuditNum, (input, ctx) => devicesActivated(db, ctx.scope, input, ctx.timeZone)),
    scopedRoute(getOnlineDeviceNumber, (input, ctx) => devicesOnline(db, ctx.scope, input, ctx.timeZone)),
    scopedRoute(getDeviceRatio, (_input, ctx) => devicesByProduct(db, ctx.scope)),
  ];
}

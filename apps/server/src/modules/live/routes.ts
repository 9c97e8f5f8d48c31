import { openDeviceEvents } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import type { LiveConfig } from '../../live-config.ts';
import { openEvents } from './service.ts';

/** The live event ticket call (device list, B94); the stream itself is stream-route.ts. */
export function liveRoutes(db: Kysely<DB>, config: LiveConfig): CallRoute[] {
  return [scopedRoute(openDeviceEvents, (input, ctx) => openEvents(db, config, ctx, input.deviceIds ?? null))];
}

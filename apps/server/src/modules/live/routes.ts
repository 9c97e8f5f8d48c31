import { DEVICE_EVENTS_STREAM_PATH, openDeviceEvents } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, sessionOf, type CallRoute } from '../../http/call-route.ts';
import type { LiveConfig } from '../../live-config.ts';
import { issueTicket } from './tickets.ts';

/** The live event ticket call (device list, B94); the stream itself is stream-route.ts. */
export function liveRoutes(db: Kysely<DB>, config: LiveConfig): CallRoute[] {
  return [
    scopedRoute(openDeviceEvents, async (input, ctx) => {
      const session = sessionOf(ctx);
      const ticket = await issueTicket(
        db,
        {
          tokenHash: session.tokenHash,
          userId: session.userId,
          scope: ctx.scope,
          deviceIds: input.deviceIds ?? null,
          locale: ctx.locale,
        },
        config.ticketSeconds,
      );
      return { ticket, expiresInSeconds: config.ticketSeconds, streamPath: DEVICE_EVENTS_STREAM_PATH };
    }),
  ];
}

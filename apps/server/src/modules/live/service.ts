import { DEVICE_EVENTS_STREAM_PATH } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import type { LiveConfig } from '../../live-config.ts';
import { issueTicket } from './tickets.ts';

/**
 * Opens the live events of the caller's subtree (optionally of some devices): a one-time ticket bound to
 * the session, the company acted for and the language, redeemed by the stream (stream-route.ts).
 */
export async function openEvents(
  db: Kysely<DB>,
  config: LiveConfig,
  caller: Pick<ScopedContext, 'session' | 'scope' | 'locale'>,
  deviceIds: string[] | null,
) {
  const ticket = await issueTicket(
    db,
    {
      tokenHash: caller.session.tokenHash,
      userId: caller.session.userId,
      scope: caller.scope,
      deviceIds,
      locale: caller.locale,
    },
    config.ticketSeconds,
  );
  return { ticket, expiresInSeconds: config.ticketSeconds, streamPath: DEVICE_EVENTS_STREAM_PATH };
}

import type { Locale } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { newToken, sha256Hex } from '../../auth/password.ts';
import type { DB } from '../../db/schema.ts';

/** What a consumed ticket opens: whose session, which company's subtree, which devices, in which language. */
export interface LiveTicket {
  tokenHash: string;
  userId: string;
  dealerId: string;
  deviceIds: string[] | null;
  locale: Locale;
}

/** Stores a one-time ticket for the session (kept as sha256 only) and answers it; expired tickets are removed on the way. */
export async function issueTicket(
  db: Kysely<DB>,
  ticket: { tokenHash: string; userId: string; scope: DealerScope; deviceIds: string[] | null; locale: Locale },
  ttlSeconds: number,
): Promise<string> {
  const value = newToken();
  await db
    .deleteFrom('live_event_tickets')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('live_event_tickets')
    .values({
      ticket_hash: sha256Hex(value),
      token_hash: ticket.tokenHash,
      user_id: ticket.userId,
      dealer_id: ticket.scope.dealerId,
      device_ids: ticket.deviceIds === null ? null : JSON.stringify(ticket.deviceIds),
      locale: ticket.locale,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .execute();
  return value;
}

/** Takes a ticket once: the delete answers it only while unexpired, so a second use (or another instance) gets nothing. */
export async function consumeTicket(db: Kysely<DB>, value: string): Promise<LiveTicket | undefined> {
  if (value.length < 16 || value.length > 200) return undefined;
  const row = await db
    .deleteFrom('live_event_tickets')
    .where('ticket_hash', '=', sha256Hex(value))
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['token_hash', 'user_id', 'dealer_id', 'device_ids', 'locale'])
    .executeTakeFirst();
  return (
    row && {
      tokenHash: row.token_hash,
      userId: row.user_id,
      dealerId: row.dealer_id,
      deviceIds: row.device_ids,
      locale: row.locale as Locale,
    }
  );
}

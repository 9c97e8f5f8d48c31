import { sql, type Kysely } from 'kysely';
import type { Database, PreparedStatement } from '../db/database.ts';
import type { DB, Identity, SessionEndReason, SessionScope } from '../db/schema.ts';
import { newToken, sha256Hex } from './password.ts';

/** A live session as a call sees it. */
export interface ActiveSession {
  tokenHash: string;
  userId: string;
  identity: Identity;
  scope: SessionScope;
}

export type SessionLookup = { state: 'live'; session: ActiveSession } | { state: 'replaced' } | { state: 'expired' };

interface SessionRow {
  user_id: string;
  scope: SessionScope;
  identity: Identity;
  ended: boolean;
  end_reason: SessionEndReason | null;
  timed_out: boolean;
  stale: boolean;
  enabled: boolean;
}

/**
 * Starts a session for an account and ends its other live sessions as 'replaced' (one live
 * session per account). Answers the token, which is stored only as its sha256.
 */
export async function startSession(db: Kysely<DB>, userId: string, scope: SessionScope, ip: string): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    // Locking the account serializes its concurrent sign-ins: the second one sees the first's session.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await trx
      .updateTable('sessions')
      .set({ ended_at: sql`now()`, end_reason: 'replaced' })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .execute();
    await trx
      .insertInto('sessions')
      .values({ token_hash: sha256Hex(token), user_id: userId, scope, ip })
      .execute();
  });
  return token;
}

const SESSION_LOOKUP: PreparedStatement = {
  name: 'session_lookup',
  text: `
    select s.user_id, s.scope, u.identity, u.enabled,
      s.ended_at is not null as ended, s.end_reason,
      s.last_seen_at < now() - make_interval(mins => coalesce((select value::int from settings where key = 'session_idle_minutes'), 120))
        or s.created_at < now() - make_interval(days => coalesce((select value::int from settings where key = 'session_max_days'), 7)) as timed_out,
      s.last_seen_at < now() - interval '1 minute' as stale
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1`,
};

/**
 * Finds the session of a token in one query, with its idle and age limits from settings
 * evaluated by the database clock. Touches last_seen_at at most once a minute.
 */
export async function lookupSession(database: Database, token: string): Promise<SessionLookup> {
  return lookupSessionByHash(database, sha256Hex(token));
}

/** `lookupSession` by the token's sha256 (what a live event stream keeps instead of the token). */
export async function lookupSessionByHash(database: Database, tokenHash: string): Promise<SessionLookup> {
  const { db } = database;
  const [row] = await database.prepared<SessionRow>(SESSION_LOOKUP, [tokenHash]);
  if (!row) return { state: 'expired' };
  if (row.ended) return row.end_reason === 'replaced' ? { state: 'replaced' } : { state: 'expired' };
  if (row.timed_out || !row.enabled) {
    await endSession(db, tokenHash, 'expired');
    return { state: 'expired' };
  }
  if (row.stale)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  return { state: 'live', session: { tokenHash, userId: row.user_id, identity: row.identity, scope: row.scope } };
}

/** Ends one session (logout, expiry). */
export async function endSession(db: Kysely<DB>, tokenHash: string, reason: SessionEndReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: sql`now()`, end_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();
}

/** Lets a session that had to change its password make every call again. */
export async function widenSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ scope: 'full' }).where('token_hash', '=', tokenHash).execute();
}

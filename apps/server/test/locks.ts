import { sql, type Kysely, type Transaction } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { besideTransaction } from '../src/db/transaction-guard.ts';
import { waitFor } from './until.ts';

/** The PostgreSQL backend (server process id) that runs `trx`'s statements. */
export async function backendOf(trx: Kysely<DB>): Promise<number> {
  return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
}

/**
 * Waits until another session is blocked on a lock that backend `holder` holds (PostgreSQL's
 * `pg_blocking_pids`, over `pg_locks`): a concurrent writer has reached the lock, which a timer cannot tell.
 * `db` must be another connection than the holder's (the pool); the wait may run inside the holder's transaction.
 */
export async function untilBlockedBehind(db: Kysely<DB>, holder: number, timeoutMs = 10_000): Promise<void> {
  await besideTransaction(() =>
    waitFor(
      `a session blocked behind backend ${holder}`,
      async () =>
        (
          await sql<{ blocked: number }>`
          select count(*)::int as blocked from pg_stat_activity where ${holder}::int = any(pg_blocking_pids(pid))`.execute(
            db,
          )
        ).rows[0]!.blocked > 0,
      timeoutMs,
    ),
  );
}

/**
 * Holds a transaction open on PostgreSQL (`hold` runs in it), starts `start` beside it while it holds, checks that
 * what was started waits behind the held transaction, commits, and answers what was started once it has settled.
 */
export async function startWhileHeld<T>(
  db: Kysely<DB>,
  hold: (trx: Transaction<DB>) => Promise<unknown>,
  start: () => Promise<T>,
): Promise<T> {
  let pending: Promise<T> | null = null;
  let settled = false;
  await db.transaction().execute(async (trx) => {
    const holder = await backendOf(trx);
    await hold(trx);
    pending = besideTransaction(start);
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await untilBlockedBehind(db, holder);
    expect(settled).toBe(false);
  });
  return pending!;
}

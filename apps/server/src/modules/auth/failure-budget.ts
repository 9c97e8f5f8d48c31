import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/**
 * The global budget of failed proofs of the console (wrong passwords of existing accounts, wrong SMS
 * codes), shared by every instance through the database: past `perMinute` of them from all addresses
 * within a minute, an address that failed within that minute gets RATE_LIMITED until the minute has
 * passed. Addresses that have not failed (the owners) are not affected, and nothing is counted per
 * account or phone (docs/SECURITY.md, "A limit a stranger can trip never locks out the owner").
 */
export async function assertWithinFailureBudget(db: Kysely<DB>, ip: string, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  const minute = sql`now() - interval '1 minute'`;
  const { rows } = await sql<{ total: string | number; failed_here: boolean }>`
    select (select count(*) from login_failures where at > ${minute}) + (select count(*) from sms_code_failures where at > ${minute}) as total,
      exists (select 1 from login_failures where ip = ${ip} and at > ${minute}) or exists (select 1 from sms_code_failures where ip = ${ip} and at > ${minute}) as failed_here`.execute(
    db,
  );
  const row = rows[0]!;
  if (Number(row.total) >= perMinute && row.failed_here) fail(ErrorCode.RATE_LIMITED);
}

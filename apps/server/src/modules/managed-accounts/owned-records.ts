import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/** How many people records (customers, engineers, departments, PDA users) a dealer owns itself. */
export async function countPeopleRecordsOwnedBy(db: Kysely<DB>, dealerId: string): Promise<number> {
  const result = await sql<{ n: number }>`
    select (select count(*) from customers where owner_dealer_id = ${dealerId})
      + (select count(*) from engineers where owner_dealer_id = ${dealerId})
      + (select count(*) from departments where owner_dealer_id = ${dealerId})
      + (select count(*) from pda_users where owner_dealer_id = ${dealerId}) as n`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Refuses removing a dealer that still owns people records (DEALER_HAS_PEOPLE_RECORDS), for the dealer deletion. */
export async function assertNoPeopleRecords(db: Kysely<DB>, dealerId: string): Promise<void> {
  if ((await countPeopleRecordsOwnedBy(db, dealerId)) > 0) fail(ErrorCode.DEALER_HAS_PEOPLE_RECORDS);
}

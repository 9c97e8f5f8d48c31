import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

const DIGITS = /^\d{1,18}$/;

/** Whether an id from the wire can be a bigint id (anything else matches no row). */
export const isIdText = (value: unknown): value is string => typeof value === 'string' && DIGITS.test(value);

/**
 * Whether the account holds a button in a company it is a member of: one indexed join,
 * reading current rows so that a role change counts from the next call.
 */
export async function holdsButton(database: Database, userId: string, dealerId: string, buttonId: string): Promise<boolean> {
  if (!isIdText(dealerId)) return false;
  const query = sql<{ held: boolean }>`
    select exists (
      select 1
      from members m
      join dealers d on d.id = m.dealer_id and d.enabled
      join member_roles mr on mr.member_id = m.id
      join role_buttons rb on rb.role_id = mr.role_id and rb.button_id = ${buttonId}
      where m.user_id = ${userId} and m.dealer_id = ${dealerId}
    ) as held`.compile(database.db);
  const [row] = await database.prepared<{ held: boolean }>('holds_button', query);
  return row?.held === true;
}

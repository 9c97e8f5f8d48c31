import { sql } from 'kysely';
import type { Database, PreparedStatement } from '../db/database.ts';

const DIGITS = /^\d{1,18}$/;

/** Whether an id from the wire can be a bigint id (anything else matches no row). */
export const isIdText = (value: unknown): value is string => typeof value === 'string' && DIGITS.test(value);

/**
 * SQL condition: the dealer whose path column this is, and every dealer above it, are enabled, so its
 * members may enter it (migration 057 `dealer_open`: disabling a dealer closes its whole subtree).
 */
export const companyOpen = (pathColumn: string) => sql<boolean>`dealer_open(${sql.ref(pathColumn)})`;

/** Not exported: only this module can write the brand, so only the permission check makes a scope. */
declare const foundByPermissionCheck: unique symbol;

/**
 * The company a call acts for, as the permission check found it. Repository queries over
 * company data take it as an argument: `dealers.path like scope.path || '%'` is its subtree.
 * The brand makes it impossible to build one from an id the caller sent (tests use `testScope`).
 */
export interface DealerScope {
  readonly [foundByPermissionCheck]: true;
  dealerId: string;
  level: number;
  /** Materialized path of the company, e.g. '/1/4/'. */
  path: string;
}

const SCOPE_WITH_BUTTON: PreparedStatement = {
  name: 'scope_with_button',
  text: `
    select d.id as "dealerId", d.level, d.path
    from members m
    join dealers d on d.id = m.dealer_id and dealer_open(d.path)
    where m.user_id = $1 and m.dealer_id = $2
      and exists (
        select 1 from member_roles mr join role_buttons rb on rb.role_id = mr.role_id
        where mr.member_id = m.id and rb.button_id = any($3::text[])
      )`,
};

const BUTTON_ID = /^[A-Za-z0-9]{1,40}$/;

/** A PostgreSQL array literal of button ids (ids are letters and digits, so nothing needs quoting). */
function buttonArray(buttonIds: readonly string[]): string {
  if (buttonIds.length === 0 || !buttonIds.every((id) => BUTTON_ID.test(id))) throw new Error('bad button ids');
  return `{${buttonIds.join(',')}}`;
}

/**
 * The scope of a company in which the account holds a button (any one of `buttonIds`: contract
 * `callButtons`), or null: one indexed join, reading current rows so that a role change counts from the next call.
 */
export async function scopeWithButton(
  database: Database,
  userId: string,
  dealerId: string,
  buttonIds: string | readonly string[],
): Promise<DealerScope | null> {
  if (!isIdText(dealerId)) return null;
  const buttons = buttonArray(typeof buttonIds === 'string' ? [buttonIds] : buttonIds);
  const [row] = await database.prepared<Omit<DealerScope, typeof foundByPermissionCheck>>(SCOPE_WITH_BUTTON, [
    userId,
    dealerId,
    buttons,
  ]);
  return row ? (row as DealerScope) : null;
}

const PDA_SCOPE: PreparedStatement = {
  name: 'pda_scope',
  text: `
    select d.id as "dealerId", d.level, d.path
    from pda_users p
    join dealers d on d.id = p.owner_dealer_id and dealer_open(d.path)
    where p.user_id = $1`,
};

/**
 * The scope of a PDA account: the company that owns its department (pda_users.owner_dealer_id) and
 * that company's sub-dealers; null for any other account. PDA accounts hold no buttons, so their
 * calls (the barcode scan) take this instead of scopeWithButton.
 */
export async function pdaScope(database: Database, userId: string): Promise<DealerScope | null> {
  const [row] = await database.prepared<Omit<DealerScope, typeof foundByPermissionCheck>>(PDA_SCOPE, [userId]);
  return row ? (row as DealerScope) : null;
}

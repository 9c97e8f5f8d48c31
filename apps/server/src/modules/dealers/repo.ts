import type { Kysely } from 'kysely';
import { companyOpen, isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';

/** The open companies (enabled, under no disabled dealer) an account is a member of, by level then name. */
export async function companiesOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select(['d.id', 'd.name', 'd.level'])
    .where('m.user_id', '=', userId)
    .where(companyOpen('d.path'))
    .orderBy('d.level')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}

/** Whether the account is a member of an open company (enabled, under no disabled dealer). */
export async function isMember(db: Kysely<DB>, userId: string, dealerId: string): Promise<boolean> {
  if (!isIdText(dealerId)) return false;
  const row = await db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('m.dealer_id', '=', dealerId)
    .where(companyOpen('d.path'))
    .executeTakeFirst();
  return row !== undefined;
}

/** The union of the buttons of the account's roles in one company, in tree order. */
export async function buttonsOfMember(db: Kysely<DB>, userId: string, dealerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('member_roles as mr', 'mr.member_id', 'm.id')
    .innerJoin('role_buttons as rb', 'rb.role_id', 'mr.role_id')
    .innerJoin('buttons as b', 'b.id', 'rb.button_id')
    .select(['b.id', 'b.sort'])
    .distinct()
    .where('m.user_id', '=', userId)
    .where('m.dealer_id', '=', dealerId)
    .orderBy('b.sort')
    .execute();
  return rows.map((row) => row.id);
}

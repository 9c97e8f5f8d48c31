import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { insertUser } from './people.ts';

/** Row builders of the people records (migration 005), shared by their demo data and the test factories. */

interface AccountInput {
  ownerDealerId: string;
  /** The password as typed, or a precomputed hash (many rows quickly). */
  password?: string;
  passwordHash?: string;
  email?: string;
}

/** An end customer: the phone is the login account, userName the display name. */
export async function insertCustomer(
  db: Kysely<DB>,
  input: AccountInput & { phone: string; userName: string },
): Promise<string> {
  const userId = await insertUser(db, {
    userName: input.phone,
    realName: input.userName,
    identity: 'user',
    password: input.password,
    passwordHash: input.passwordHash,
    email: input.email,
  });
  await db.insertInto('customers').values({ user_id: userId, owner_dealer_id: input.ownerDealerId }).execute();
  return userId;
}

export async function insertDepartment(
  db: Kysely<DB>,
  input: {
    ownerDealerId: string;
    code: string;
    name: string;
    productionBase: string;
    creator?: { userId: string; name: string };
  },
): Promise<string> {
  const row = await db
    .insertInto('departments')
    .values({
      owner_dealer_id: input.ownerDealerId,
      code: input.code,
      name: input.name,
      production_base: input.productionBase,
      created_by: input.creator?.userId ?? null,
      creator_name: input.creator?.name ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A PDA account in a department; its owner is the department's owner. */
export async function insertPdaUser(
  db: Kysely<DB>,
  input: Omit<AccountInput, 'ownerDealerId'> & { departmentId: string; userName: string; realName: string },
): Promise<string> {
  const department = await db
    .selectFrom('departments')
    .select('owner_dealer_id')
    .where('id', '=', input.departmentId)
    .executeTakeFirstOrThrow();
  const userId = await insertUser(db, {
    userName: input.userName,
    realName: input.realName,
    identity: 'pda',
    password: input.password,
    passwordHash: input.passwordHash,
    email: input.email,
  });
  await db
    .insertInto('pda_users')
    .values({ user_id: userId, department_id: input.departmentId, owner_dealer_id: department.owner_dealer_id })
    .execute();
  return userId;
}

/** An after-sales engineer: the phone is the login account. */
export async function insertEngineer(
  db: Kysely<DB>,
  input: AccountInput & { phone: string; name: string; areaCodes?: string[]; notes?: string; enabled?: boolean },
): Promise<string> {
  const userId = await insertUser(db, {
    userName: input.phone,
    realName: input.name,
    identity: 'engineer',
    password: input.password,
    passwordHash: input.passwordHash,
    email: input.email,
  });
  await db
    .insertInto('engineers')
    .values({
      user_id: userId,
      owner_dealer_id: input.ownerDealerId,
      area_codes: input.areaCodes ?? [],
      notes: input.notes ?? '',
      enabled: input.enabled ?? true,
    })
    .execute();
  return userId;
}

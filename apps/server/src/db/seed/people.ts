import { grantableButtons, type BuiltinRole } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB, Identity } from '../schema.ts';

/** Row builders shared by the demo data and the test factories. */

export interface DealerInput {
  name: string;
  code: string;
  level: number;
  parentId: string | null;
  area?: string;
  type?: string;
}

export async function insertDealer(db: Kysely<DB>, input: DealerInput): Promise<string> {
  const row = await db
    .insertInto('dealers')
    .values({
      name: input.name,
      code: input.code,
      level: input.level,
      parent_id: input.parentId,
      area: input.area ?? '',
      type: input.type ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface UserInput {
  userName: string;
  realName: string;
  identity: Identity;
  /** The password as typed; stored as scrypt(md5(password)). */
  password?: string;
  /** A precomputed hash, to create many accounts quickly. */
  passwordHash?: string;
  email?: string;
  passwordChangedAt?: Date;
}

export async function insertUser(db: Kysely<DB>, input: UserInput): Promise<string> {
  const passwordHash = input.passwordHash ?? (await hashPasswordDigest(md5Hex(input.password ?? '')));
  const row = await db
    .insertInto('users')
    .values({
      user_name: input.userName,
      real_name: input.realName,
      identity: input.identity,
      email: input.email ?? '',
      password_hash: passwordHash,
      password_changed_at: input.passwordChangedAt ?? new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RoleInput {
  dealerId: string;
  name: string;
  builtin?: BuiltinRole;
  buttons: readonly string[];
  description?: string;
  viewLevelMax?: number;
}

/**
 * A role of a company with its buttons, less those its company may not hold (platform-only buttons
 * below the level-0 company): a new dealer's admin role copies its creator's buttons through here.
 */
export async function insertRole(db: Kysely<DB>, input: RoleInput): Promise<string> {
  const company = await db
    .selectFrom('dealers')
    .select('level')
    .where('id', '=', input.dealerId)
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({
      dealer_id: input.dealerId,
      name: input.name,
      builtin: input.builtin ?? null,
      description: input.description ?? '',
      view_level_max: input.viewLevelMax ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRoleButtons(db, role.id, grantableButtons(company.level, input.buttons));
  return role.id;
}

/** The button rows of a role; callers pass buttons the role's company may hold (the database refuses others). */
export async function insertRoleButtons(db: Kysely<DB>, roleId: string, buttons: readonly string[]): Promise<void> {
  if (buttons.length > 0)
    await db
      .insertInto('role_buttons')
      .values(buttons.map((button_id) => ({ role_id: roleId, button_id })))
      .execute();
}

export async function insertMember(
  db: Kysely<DB>,
  input: { dealerId: string; userId: string; roleIds: readonly string[]; jurisdiction?: string },
): Promise<string> {
  const member = await db
    .insertInto('members')
    .values({ dealer_id: input.dealerId, user_id: input.userId, jurisdiction: input.jurisdiction ?? '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.roleIds.length > 0) {
    await db
      .insertInto('member_roles')
      .values(input.roleIds.map((role_id) => ({ member_id: member.id, role_id })))
      .execute();
  }
  return member.id;
}

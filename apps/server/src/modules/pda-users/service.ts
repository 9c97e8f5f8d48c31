import { ErrorCode, type addPdaUser, type PdaUser, type updatePdaUser } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { hashTypedPassword, insertAccount, refuseTakenName } from '../managed-accounts/index.ts';
import { findPdaUser, insertPdaUser, lockDepartmentInScope, updatePdaUserRow, type LockedDepartment } from './repo.ts';

/** The rules of PDA users: each belongs to a department of the scope, whose owner owns it; login names are unique. */

const pdaUserInScope = (db: Kysely<DB>, scope: DealerScope, pdaUserId: string): Promise<PdaUser> =>
  foundOrFail(findPdaUser(db, scope, pdaUserId));

async function departmentInScope(trx: Kysely<DB>, scope: DealerScope, departmentId: string): Promise<LockedDepartment> {
  const ownerDealerId = await lockDepartmentInScope(trx, scope, departmentId);
  if (ownerDealerId === undefined) fail(ErrorCode.NOT_FOUND);
  return { departmentId, ownerDealerId };
}

/** Adds a PDA user to a department of the scope. */
export async function addScopedPdaUser(
  db: Kysely<DB>,
  scope: DealerScope,
  input: z.output<typeof addPdaUser.request>,
): Promise<PdaUser> {
  const passwordHash = await hashTypedPassword(input.password);
  const userId = await db.transaction().execute(async (trx) => {
    const department = await departmentInScope(trx, scope, input.departmentId);
    await refuseTakenName(trx, 'pda', input.userName, null);
    const id = await insertAccount(trx, {
      identity: 'pda',
      userName: input.userName,
      realName: input.realName,
      email: input.email,
      passwordHash,
    });
    await insertPdaUser(trx, department, id);
    return id;
  });
  return pdaUserInScope(db, scope, userId);
}

/** Changes a PDA user of the scope, possibly moving it to another department of the scope. */
export async function updateScopedPdaUser(
  db: Kysely<DB>,
  scope: DealerScope,
  input: z.output<typeof updatePdaUser.request>,
): Promise<PdaUser> {
  const pdaUser = await pdaUserInScope(db, scope, input.pdaUserId);
  await db.transaction().execute(async (trx) => {
    const department = await departmentInScope(trx, scope, input.departmentId);
    await refuseTakenName(trx, 'pda', input.userName, pdaUser.pdaUserId);
    await updatePdaUserRow(trx, pdaUser, department, input);
  });
  return pdaUserInScope(db, scope, pdaUser.pdaUserId);
}

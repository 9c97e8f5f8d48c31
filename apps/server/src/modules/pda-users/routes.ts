import {
  ErrorCode, addPdaUser, deletePdaUser, listPdaUsers, lockPdaUser, resetPdaUserPassword, unlockPdaUser, updatePdaUser, type PdaUser,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { hashTypedPassword, insertAccount, refuseTakenName } from '../managed-accounts/accounts.ts';
import { accountActionRoutes } from '../managed-accounts/action-routes.ts';
import { peopleScopeOf } from '../managed-accounts/scope.ts';
import { findPdaUser, listPdaUserPage, lockDepartmentInScope } from './repo.ts';

async function pdaUserInScope(db: Kysely<DB>, scope: DealerScope, pdaUserId: string): Promise<PdaUser> {
  const found = await findPdaUser(db, scope, pdaUserId);
  if (!found) fail(ErrorCode.NOT_FOUND);
  return found;
}

async function departmentOwner(trx: Kysely<DB>, scope: DealerScope, departmentId: string): Promise<string> {
  const owner = await lockDepartmentInScope(trx, scope, departmentId);
  if (owner === undefined) fail(ErrorCode.NOT_FOUND);
  return owner;
}

/** PDA users (pdaUserManage, B257). */
export function pdaUserRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listPdaUsers, (input, ctx) => listPdaUserPage(db, peopleScopeOf(ctx), input)),
    route(addPdaUser, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const passwordHash = await hashTypedPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        const ownerDealerId = await departmentOwner(trx, scope, input.departmentId);
        await refuseTakenName(trx, 'pda', input.userName, null);
        const id = await insertAccount(trx, { identity: 'pda', userName: input.userName, realName: input.realName, email: input.email, passwordHash });
        await trx.insertInto('pda_users').values({ user_id: id, department_id: input.departmentId, owner_dealer_id: ownerDealerId }).execute();
        return id;
      });
      return pdaUserInScope(db, scope, userId);
    }),
    route(updatePdaUser, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const pdaUser = await pdaUserInScope(db, scope, input.pdaUserId);
      await db.transaction().execute(async (trx) => {
        const ownerDealerId = await departmentOwner(trx, scope, input.departmentId);
        await refuseTakenName(trx, 'pda', input.userName, pdaUser.pdaUserId);
        await trx.updateTable('users').set({ user_name: input.userName, real_name: input.realName, email: input.email }).where('id', '=', pdaUser.pdaUserId).execute();
        await trx
          .updateTable('pda_users')
          .set({ department_id: input.departmentId, owner_dealer_id: ownerDealerId })
          .where('user_id', '=', pdaUser.pdaUserId)
          .execute();
      });
      return pdaUserInScope(db, scope, pdaUser.pdaUserId);
    }),
    ...accountActionRoutes(
      db,
      { resetPassword: resetPdaUserPassword, lock: lockPdaUser, unlock: unlockPdaUser, remove: deletePdaUser },
      'pdaUserId',
      async (database, scope, id) => {
        const pdaUser = await findPdaUser(database, scope, id);
        return pdaUser && { userId: pdaUser.pdaUserId, userName: pdaUser.userName };
      },
    ),
  ];
}

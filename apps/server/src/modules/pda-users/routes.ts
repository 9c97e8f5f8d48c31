import {
  addPdaUser,
  deletePdaUser,
  listPdaUsers,
  lockPdaUser,
  resetPdaUserPassword,
  unlockPdaUser,
  updatePdaUser,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { accountActionRoutes } from '../managed-accounts/index.ts';
import { findPdaUser, listPdaUserPage } from './repo.ts';
import { addScopedPdaUser, updateScopedPdaUser } from './service.ts';

/** PDA users (pdaUserManage, B257). */
export function pdaUserRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listPdaUsers, (input, ctx) => listPdaUserPage(db, ctx.scope, input)),
    scopedRoute(addPdaUser, (input, ctx) => addScopedPdaUser(db, ctx.scope, input)),
    scopedRoute(updatePdaUser, (input, ctx) => updateScopedPdaUser(db, ctx.scope, input)),
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

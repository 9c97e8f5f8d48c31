import {
  addEngineer,
  deleteEngineer,
  listEngineers,
  lockEngineer,
  resetEngineerPassword,
  unlockEngineer,
  updateEngineer,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { accountActionRoutes } from '../managed-accounts/index.ts';
import { findEngineer, listEngineerPage } from './repo.ts';
import { addScopedEngineer, updateScopedEngineer } from './service.ts';

/** After-sales engineers (engineerManage, B292). */
export function engineerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listEngineers, (input, ctx) => listEngineerPage(db, ctx.scope, input)),
    scopedRoute(addEngineer, (input, ctx) => addScopedEngineer(db, ctx.scope, input, ctx.locale)),
    scopedRoute(updateEngineer, (input, ctx) => updateScopedEngineer(db, ctx.scope, input, ctx.locale)),
    ...accountActionRoutes(
      db,
      { resetPassword: resetEngineerPassword, lock: lockEngineer, unlock: unlockEngineer, remove: deleteEngineer },
      'engineerId',
      async (database, scope, id) => {
        const engineer = await findEngineer(database, scope, id);
        return engineer && { userId: engineer.engineerId, userName: engineer.phone };
      },
    ),
  ];
}

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
import { route, type CallRoute } from '../../http/call-route.ts';
import { accountActionRoutes, peopleScopeOf } from '../managed-accounts/index.ts';
import { findEngineer, listEngineerPage } from './repo.ts';
import { addScopedEngineer, updateScopedEngineer } from './service.ts';

/** After-sales engineers (engineerManage, B292). */
export function engineerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listEngineers, (input, ctx) => listEngineerPage(db, peopleScopeOf(ctx), input)),
    route(addEngineer, (input, ctx) => addScopedEngineer(db, peopleScopeOf(ctx), input, ctx.locale)),
    route(updateEngineer, (input, ctx) => updateScopedEngineer(db, peopleScopeOf(ctx), input, ctx.locale)),
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

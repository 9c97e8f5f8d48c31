import {
  ErrorCode, addEngineer, deleteEngineer, listEngineers, lockEngineer, resetEngineerPassword, unlockEngineer, updateEngineer, type Engineer,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { hashTypedPassword, insertAccount, refuseTakenName } from '../managed-accounts/accounts.ts';
import { accountActionRoutes } from '../managed-accounts/action-routes.ts';
import { ownerForNewRecord, peopleScopeOf } from '../managed-accounts/scope.ts';
import { findEngineer, listEngineerPage } from './repo.ts';

async function engineerInScope(db: Kysely<DB>, scope: DealerScope, engineerId: string): Promise<Engineer> {
  const found = await findEngineer(db, scope, engineerId);
  if (!found) fail(ErrorCode.NOT_FOUND);
  return found;
}

/** After-sales engineers (engineerManage, B292). */
export function engineerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listEngineers, (input, ctx) => listEngineerPage(db, peopleScopeOf(ctx), input)),
    route(addEngineer, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const ownerDealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
      const passwordHash = await hashTypedPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, 'engineer', input.phone, null);
        const id = await insertAccount(trx, { identity: 'engineer', userName: input.phone, realName: input.name, email: input.email, passwordHash });
        await trx
          .insertInto('engineers')
          .values({ user_id: id, owner_dealer_id: ownerDealerId, area: input.area, notes: input.notes, enabled: input.enabled })
          .execute();
        return id;
      });
      return engineerInScope(db, scope, userId);
    }),
    route(updateEngineer, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const engineer = await engineerInScope(db, scope, input.engineerId);
      await db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, 'engineer', input.phone, engineer.engineerId);
        await trx.updateTable('users').set({ real_name: input.name, user_name: input.phone, email: input.email }).where('id', '=', engineer.engineerId).execute();
        await trx
          .updateTable('engineers')
          .set({ area: input.area, notes: input.notes, enabled: input.enabled })
          .where('user_id', '=', engineer.engineerId)
          .execute();
      });
      return engineerInScope(db, scope, engineer.engineerId);
    }),
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

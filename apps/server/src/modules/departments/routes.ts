import { ErrorCode, addDepartment, deleteDepartment, departmentOptions, listDepartments, updateDepartment, type Department } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { actorOf } from '../managed-accounts/accounts.ts';
import { ownerForNewRecord, peopleScopeOf } from '../managed-accounts/scope.ts';
import { codeTaken, departmentOptionList, findDepartment, listDepartmentPage } from './repo.ts';

async function departmentInScope(db: Kysely<DB>, scope: DealerScope, departmentId: string): Promise<Department> {
  const found = await findDepartment(db, scope, departmentId);
  if (!found) fail(ErrorCode.NOT_FOUND);
  return found;
}

/** Serializes writers of one owner's department codes, so that two requests cannot take the same code. */
const lockCodes = (trx: Kysely<DB>, ownerDealerId: string) => sql`select pg_advisory_xact_lock(hashtext(${`department-codes:${ownerDealerId}`}))`.execute(trx);

/** Departments (departmentManage, B268). */
export function departmentRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listDepartments, (input, ctx) => listDepartmentPage(db, peopleScopeOf(ctx), input)),
    route(departmentOptions, (_input, ctx) => departmentOptionList(db, peopleScopeOf(ctx))),
    route(addDepartment, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const ownerDealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
      const actor = await actorOf(db, ctx, scope);
      const id = await db.transaction().execute(async (trx) => {
        await lockCodes(trx, ownerDealerId);
        if (await codeTaken(trx, ownerDealerId, input.departmentCode, null)) fail(ErrorCode.DEPARTMENT_CODE_EXISTS);
        const row = await trx
          .insertInto('departments')
          .values({
            owner_dealer_id: ownerDealerId, code: input.departmentCode, name: input.departmentName, production_base: input.productionBase,
            created_by: actor.userId, creator_name: actor.name,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return departmentInScope(db, scope, id);
    }),
    route(updateDepartment, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const department = await departmentInScope(db, scope, input.departmentId);
      await db.transaction().execute(async (trx) => {
        await lockCodes(trx, department.ownerDealerId);
        if (await codeTaken(trx, department.ownerDealerId, input.departmentCode, department.departmentId)) fail(ErrorCode.DEPARTMENT_CODE_EXISTS);
        await trx
          .updateTable('departments')
          .set({ code: input.departmentCode, name: input.departmentName, production_base: input.productionBase, updated_at: sql`now()` })
          .where('id', '=', department.departmentId)
          .execute();
      });
      return departmentInScope(db, scope, department.departmentId);
    }),
    route(deleteDepartment, async (input, ctx) => {
      const department = await departmentInScope(db, peopleScopeOf(ctx), input.departmentId);
      await db.transaction().execute(async (trx) => {
        // Locks the department row so that no PDA user can join it between the count and the delete.
        await trx.selectFrom('departments').select('id').where('id', '=', department.departmentId).forUpdate().execute();
        const users = await trx.selectFrom('pda_users').select((eb) => eb.fn.countAll<string>().as('n')).where('department_id', '=', department.departmentId).executeTakeFirstOrThrow();
        if (Number(users.n) > 0) fail(ErrorCode.DEPARTMENT_IN_USE, { count: Number(users.n) });
        await trx.deleteFrom('departments').where('id', '=', department.departmentId).execute();
      });
      return null;
    }),
  ];
}

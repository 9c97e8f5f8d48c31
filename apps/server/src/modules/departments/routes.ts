import { addDepartment, deleteDepartment, departmentOptions, listDepartments, updateDepartment } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { actorOf, peopleScopeOf } from '../managed-accounts/index.ts';
import { departmentOptionList, listDepartmentPage } from './repo.ts';
import { addScopedDepartment, deleteScopedDepartment, updateScopedDepartment } from './service.ts';

/** Departments (departmentManage, B268). */
export function departmentRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listDepartments, (input, ctx) => listDepartmentPage(db, peopleScopeOf(ctx), input)),
    route(departmentOptions, (_input, ctx) => departmentOptionList(db, peopleScopeOf(ctx))),
    route(addDepartment, async (input, ctx) =>
      addScopedDepartment(db, peopleScopeOf(ctx), await actorOf(db, ctx, peopleScopeOf(ctx)), input),
    ),
    route(updateDepartment, (input, ctx) => updateScopedDepartment(db, peopleScopeOf(ctx), input)),
    route(deleteDepartment, async (input, ctx) => {
      await deleteScopedDepartment(db, peopleScopeOf(ctx), input.departmentId);
      return null;
    }),
  ];
}

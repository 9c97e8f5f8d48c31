import { addDepartment, deleteDepartment, departmentOptions, listDepartments, updateDepartment } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { actorOf } from '../managed-accounts/index.ts';
import { departmentOptionList, listDepartmentPage } from './repo.ts';
import { addScopedDepartment, deleteScopedDepartment, updateScopedDepartment } from './service.ts';

/** Departments (departmentManage, B268). */
export function departmentRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listDepartments, (input, ctx) => listDepartmentPage(db, ctx.scope, input)),
    scopedRoute(departmentOptions, (_input, ctx) => departmentOptionList(db, ctx.scope)),
    scopedRoute(addDepartment, async (input, ctx) => addScopedDepartment(db, ctx.scope, await actorOf(db, ctx), input)),
    scopedRoute(updateDepartment, (input, ctx) => updateScopedDepartment(db, ctx.scope, input)),
    scopedRoute(deleteDepartment, async (input, ctx) => {
      await deleteScopedDepartment(db, ctx.scope, input.departmentId);
      return null;
    }),
  ];
}

import { listRoles, roleAdd, roleDelete, roleEdit } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { rolePage } from './repo.ts';
import { addRole, deleteRole, editRole } from './service.ts';

/** Role management (B170); a changed role counts from its members' next call (the pipeline reads roles per call). */
export function roleRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listRoles, (input, ctx) => rolePage(db, ctx.scope, input)),
    scopedRoute(roleAdd, (input, ctx) => addRole(db, ctx.scope, ctx.actor, input)),
    scopedRoute(roleEdit, (input, ctx) => editRole(db, ctx.scope, ctx.actor, input)),
    scopedRoute(roleDelete, async (input, ctx) => {
      await deleteRole(db, ctx.scope, input.roleId);
      return null;
    }),
  ];
}

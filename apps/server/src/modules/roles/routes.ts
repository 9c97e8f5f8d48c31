import { listRoles, roleAdd, roleDelete, roleEdit } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { actorOf, route, type CallRoute } from '../../http/call-route.ts';
import { scopeOf } from '../dealers/index.ts';
import { rolePage } from './repo.ts';
import { addRole, deleteRole, editRole } from './service.ts';

/** Role management (B170); a changed role counts from its members' next call (the pipeline reads roles per call). */
export function roleRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listRoles, (input, ctx) => rolePage(db, scopeOf(ctx), input)),
    route(roleAdd, (input, ctx) => addRole(db, scopeOf(ctx), actorOf(ctx), input)),
    route(roleEdit, (input, ctx) => editRole(db, scopeOf(ctx), actorOf(ctx), input)),
    route(roleDelete, async (input, ctx) => {
      await deleteRole(db, scopeOf(ctx), input.roleId);
      return null;
    }),
  ];
}

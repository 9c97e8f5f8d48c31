import { addMember, checkMemberPhone, editMember, listMembers, removeMember } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { actorOf, route, type CallRoute } from '../../http/call-route.ts';
import { orgDb, dealerInScope, scopeOf } from '../dealers/index.ts';
import { memberPage } from './repo.ts';
import * as service from './service.ts';

/** Member management (B89): the list covers the subtree; members are added to the current company. */
export function memberRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    route(listMembers, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const filter =
        input.ownerId === '' ? { subtree: true as const } : { dealer: await dealerInScope(db, scope, input.ownerId) };
      return memberPage(db, scope, filter, input.pageIndex, input.pageSize, input.keyword);
    }),
    route(checkMemberPhone, async (input, ctx) => service.checkPhone(db, scopeOf(ctx), input.phone)),
    route(addMember, async (input, ctx) => service.addMemberToCompany(db, scopeOf(ctx), actorOf(ctx), input)),
    route(editMember, async (input, ctx) => service.editMemberInScope(db, scopeOf(ctx), actorOf(ctx), input)),
    route(removeMember, async (input, ctx) => {
      await service.removeMemberInScope(db, scopeOf(ctx), actorOf(ctx), input.memberId);
      return null;
    }),
  ];
}

import { addMember, checkMemberPhone, editMember, listMembers, removeMember } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { orgDb } from '../dealers/index.ts';
import { dealerInScope } from '../dealers/index.ts';
import { memberPage } from './repo.ts';
import * as service from './service.ts';

/** Member management (B89): the list covers the subtree; members are added to the current company. */
export function memberRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    scopedRoute(listMembers, async (input, ctx) => {
      const scope = ctx.scope;
      const filter =
        input.ownerId === '' ? { subtree: true as const } : { dealer: await dealerInScope(db, scope, input.ownerId) };
      return memberPage(db, scope, filter, input.pageIndex, input.pageSize, input.keyword);
    }),
    scopedRoute(checkMemberPhone, async (input, ctx) => service.checkPhone(db, ctx.scope, input.phone)),
    scopedRoute(addMember, async (input, ctx) => service.addMemberToCompany(db, ctx.scope, ctx.actor, input)),
    scopedRoute(editMember, async (input, ctx) => service.editMemberInScope(db, ctx.scope, ctx.actor, input)),
    scopedRoute(removeMember, async (input, ctx) => {
      await service.removeMemberInScope(db, ctx.scope, ctx.actor, input.memberId);
      return null;
    }),
  ];
}

import { acceptInvitation, declineInvitation, listInvitations } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { actorOf, route, sessionOf, type CallRoute } from '../../http/call-route.ts';
import { orgDb } from '../dealers/index.ts';
import * as service from './service.ts';

/** The signed-in account's own invitations: session only, no button (it may belong to no company yet). */
export function invitationRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    route(listInvitations, async (_input, ctx) => service.invitationsOf(db, sessionOf(ctx).userId)),
    route(acceptInvitation, async (input, ctx) => service.acceptInvitation(db, actorOf(ctx), input.invitationId)),
    route(declineInvitation, async (input, ctx) => {
      await service.declineInvitation(db, actorOf(ctx), input.invitationId);
      return null;
    }),
  ];
}

import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';
import { buttonRoutes } from './buttons/index.ts';
import { dealerOrganizationRoutes } from './dealers/index.ts';
import { invitationRoutes } from './invitations/index.ts';
import { memberRoutes } from './members/index.ts';
import { nationRoutes } from './nation/index.ts';
import { roleRoutes } from './roles/index.ts';

/** The calls of the organization area (issue 3). */
export function organizationRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    ...dealerOrganizationRoutes(db),
    ...memberRoutes(db),
    ...invitationRoutes(db),
    ...roleRoutes(db),
    ...buttonRoutes(db),
    ...nationRoutes(),
  ];
}

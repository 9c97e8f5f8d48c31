import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';
import { buttonRoutes } from './buttons/routes.ts';
import { dealerOrganizationRoutes } from './dealers/org-routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { memberRoutes } from './members/routes.ts';
import { nationRoutes } from './nation/routes.ts';
import { roleRoutes } from './roles/routes.ts';

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

import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CallRoute } from '../http/call-route.ts';
import { accountLogRoutes } from './account-log/index.ts';
import { customerRoutes } from './customers/index.ts';
import { departmentRoutes } from './departments/index.ts';
import { engineerRoutes } from './engineers/index.ts';
import { pdaUserRoutes } from './pda-users/index.ts';

/** Customers, PDA users, departments, engineers and the account log (issue 3). */
export const peopleRoutes = (db: Kysely<DB>): CallRoute[] => [
  ...customerRoutes(db),
  ...pdaUserRoutes(db),
  ...departmentRoutes(db),
  ...engineerRoutes(db),
  ...accountLogRoutes(db),
];

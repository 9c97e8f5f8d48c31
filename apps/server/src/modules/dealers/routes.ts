import { ErrorCode, formatButtonList, getAllButtonRoles, getDealersByUser } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallRoute } from '../../http/call-route.ts';
import { buttonsOfMember, companiesOfUser, isMember } from './repo.ts';

/** The company chooser and the permission buttons of the current company. */
export function dealerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(getDealersByUser, async (_input, ctx) => {
      const companies = await companiesOfUser(db, sessionOf(ctx).userId);
      return companies.map((company) => ({ dealersId: company.id, dealersName: company.name, level: company.level }));
    }),
    route(getAllButtonRoles, async (input, ctx) => {
      const userId = sessionOf(ctx).userId;
      if (!(await isMember(db, userId, input.dealersId))) fail(ErrorCode.NOT_A_MEMBER);
      return formatButtonList(await buttonsOfMember(db, userId, input.dealersId));
    }),
  ];
}

import { listAccountLog } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { offsetOf } from '../../db/page.ts';
import { accountLogRange } from './date-range.ts';
import { listAccountLogPage } from './repo.ts';

/** The account log (logManage/accountLog, B267). */
export function accountLogRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listAccountLog, async (input, ctx) => {
      const { from, until } = accountLogRange(input.startDate, input.endDate, ctx.timeZone);
      return listAccountLogPage(db, ctx.scope, {
        account: input.account,
        action: input.action,
        from,
        until,
        limit: input.pageSize,
        offset: offsetOf(input.pageIndex, input.pageSize),
      });
    }),
  ];
}

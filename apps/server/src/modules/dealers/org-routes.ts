import {
  addDealers, dealersDetail, deleteDealers, editDealers, getSaleScope, handOverDealers, listDealers, resetDealerAdminPassword,
  setDealersEnabled, setSaleScope, ErrorCode,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { regeneratePassword } from '../members/accounts.ts';
import { memberPage } from '../members/member-items.ts';
import { addDealer } from './add-dealer.ts';
import { dealerItemsQuery, dealerPage, toDealerItem } from './dealer-items.ts';
import { uploaderOf } from '../uploads/issued.ts';
import { assertDeletable, checkDealerFields, dealerColumns, handOver, replaceSaleScope, saleScopeOf } from './dealer-writes.ts';
import { orgDb } from './org-db.ts';
import { accountMembershipsOutside, dealerInScope, escapeLike, scopeOf } from './scope.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/** Dealer management (B135): every query takes the caller's scope; foreign ids answer NOT_FOUND. */
export function dealerOrganizationRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  const itemOf = async (id: string) => toDealerItem(await dealerItemsQuery(db).where('d.id', '=', id).executeTakeFirstOrThrow());
  const adminPhoneOf = async (dealerId: string) => {
    const row = await db.selectFrom('dealers as d').innerJoin('users as u', 'u.id', 'd.admin_user_id').select('u.user_name').where('d.id', '=', dealerId).executeTakeFirst();
    return row?.user_name ?? '';
  };
  return [
    route(listDealers, async (input, ctx) => {
      const scope = scopeOf(ctx);
      let query = dealerItemsQuery(db);
      if (input.parentId !== '') {
        const parent = await dealerInScope(db, scope, input.parentId);
        query = query.where('d.parent_id', '=', parent.id);
      } else {
        query = query.where('d.path', 'like', `${scope.path}%`).where('d.id', '<>', scope.dealerId);
      }
      if (input.dealersName !== '') query = query.where('d.name', 'ilike', `%${escapeLike(input.dealersName)}%`);
      if (input.dealersCode !== '') query = query.where('d.code', 'ilike', `%${escapeLike(input.dealersCode)}%`);
      if (input.level !== '') query = query.where('d.level', '=', input.level);
      return dealerPage(query, input.pageIndex, input.pageSize);
    }),
    route(addDealers, async (input, ctx) => {
      const added = await addDealer(db, scopeOf(ctx), input, ctx);
      return { dealer: await itemOf(added.dealerId), adminPhone: input.contactPhone, adminPassword: added.adminPassword };
    }),
    route(dealersDetail, async (input, ctx) => {
      const dealer = await dealerInScope(db, scopeOf(ctx), input.id);
      const [info, saleScope, subDealers, members, adminPhone] = await Promise.all([
        itemOf(dealer.id),
        saleScopeOf(db, dealer.id),
        dealerPage(dealerItemsQuery(db).where('d.parent_id', '=', dealer.id), input.subPageIndex, input.pageSize),
        memberPage(db, { dealerId: dealer.id }, input.memberPageIndex, input.pageSize),
        adminPhoneOf(dealer.id),
      ]);
      return { info, adminPhone, saleScope, subDealers, members };
    }),
    route(editDealers, async (input, ctx) => {
      const dealer = await dealerInScope(db, scopeOf(ctx), input.id);
      await checkDealerFields(db, input, uploaderOf(ctx), dealer.id);
      await db.updateTable('dealers').set(dealerColumns(input)).where('id', '=', dealer.id).execute();
      return itemOf(dealer.id);
    }),
    route(setDealersEnabled, async (input, ctx) => {
      const dealer = await dealerInScope(db, scopeOf(ctx), input.id, true);
      await db.updateTable('dealers').set({ enabled: input.enabled }).where('id', '=', dealer.id).execute();
      return null;
    }),
    route(deleteDealers, async (input, ctx) => {
      const scope = scopeOf(ctx);
      try {
        await db.transaction().execute(async (trx) => {
          const dealer = await dealerInScope(trx, scope, input.id, true);
          await assertDeletable(trx, dealer.id);
          await trx.deleteFrom('dealers').where('id', '=', dealer.id).execute();
        });
      } catch (error) {
        // Rows of other areas that name the dealer as owner (customers, departments, later devices).
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) fail(ErrorCode.DEALER_HAS_RECORDS);
        throw error;
      }
      return null;
    }),
    route(handOverDealers, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const moved = await db.transaction().execute(async (trx) => {
        const from = await dealerInScope(trx, scope, input.id);
        const to = await dealerInScope(trx, scope, input.toId);
        return handOver(trx, from, to);
      });
      return { moved };
    }),
    route(getSaleScope, async (input, ctx) => {
      const dealer = await dealerInScope(db, scopeOf(ctx), input.id);
      return { areas: await saleScopeOf(db, dealer.id) };
    }),
    route(setSaleScope, async (input, ctx) => {
      const dealer = await dealerInScope(db, scopeOf(ctx), input.id);
      return { areas: await replaceSaleScope(db, dealer.id, input.areas) };
    }),
    route(resetDealerAdminPassword, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const dealer = await dealerInScope(db, scope, input.id, true);
      const admin = await db
        .selectFrom('dealers as d')
        .innerJoin('users as u', 'u.id', 'd.admin_user_id')
        .select(['u.id', 'u.user_name'])
        .where('d.id', '=', dealer.id)
        .where(({ exists, selectFrom }) => exists(selectFrom('members as m').select('m.id').whereRef('m.user_id', '=', 'u.id').whereRef('m.dealer_id', '=', 'd.id')))
        .where(({ not, exists, selectFrom }) => not(exists(accountMembershipsOutside(selectFrom, scope.path))))
        .executeTakeFirst();
      if (!admin) fail(ErrorCode.NOT_FOUND);
      return { adminPhone: admin.user_name, password: await regeneratePassword(shared, admin.id) };
    }),
  ];
}

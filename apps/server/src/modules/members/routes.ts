import { addMember, checkMemberPhone, editMember, ErrorCode, listMembers, removeMember } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { isProvinceOrCity } from '../nation/divisions.ts';
import { orgDb, sharedDb, type OrgDB } from '../dealers/org-db.ts';
import { buttonsOfMember } from '../dealers/repo.ts';
import { accountMembershipsOutside, dealerInScope, scopeOf } from '../dealers/scope.ts';
import { assertIssuedUpload, uploaderOf } from '../uploads/issued.ts';
import { logOrganizationEvent } from './account-events.ts';
import { createDealerAccount, dealerAccountByPhone } from './accounts.ts';
import { assertRolesAssignable } from './assignable.ts';
import { memberItem, memberPage } from './member-items.ts';

/** A member whose dealer lies in the scope's subtree; else NOT_FOUND. */
async function memberInScope(db: Kysely<OrgDB>, scope: DealerScope, memberId: string) {
  if (!isIdText(memberId)) fail(ErrorCode.NOT_FOUND);
  const row = await db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select(['m.id', 'm.user_id', 'd.id as dealer_id'])
    .where('m.id', '=', memberId)
    .where('d.path', 'like', `${scope.path}%`)
    .executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row;
}

function checkJurisdiction(codes: readonly string[]): string {
  const unknown = codes.find((code) => !isProvinceOrCity(code));
  if (unknown !== undefined) fail(ErrorCode.AREA_UNKNOWN, { code: unknown });
  return [...new Set(codes)].join(',');
}

const callerButtons = async (db: Kysely<DB>, ctx: CallContext, scope: DealerScope) => new Set(await buttonsOfMember(db, sessionOf(ctx).userId, scope.dealerId));

/** Member management (B89): the list covers the subtree; members are added to the current company. */
export function memberRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    route(listMembers, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const filter = input.ownerId === '' ? { subtreePath: scope.path } : { dealerId: (await dealerInScope(db, scope, input.ownerId)).id };
      return memberPage(db, filter, input.pageIndex, input.pageSize, input.keyword);
    }),
    route(checkMemberPhone, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const account = await dealerAccountByPhone(shared, input.phone);
      if (!account) return { accountExists: false, isMember: false, memberId: null, realName: '' };
      const member = await db.selectFrom('members').select('id').where('user_id', '=', account.id).where('dealer_id', '=', scope.dealerId).executeTakeFirst();
      return { accountExists: true, isMember: member !== undefined, memberId: member?.id ?? null, realName: account.real_name };
    }),
    route(addMember, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const jurisdiction = checkJurisdiction(input.jurisdiction);
      const held = await callerButtons(shared, ctx, scope);
      await assertIssuedUpload(shared, uploaderOf(ctx), input.img);
      const added = await db.transaction().execute(async (trx) => {
        const company = await dealerInScope(trx, scope, scope.dealerId);
        const roleIds = await assertRolesAssignable(trx, scope, held, company, input.roleIds);
        const existing = await dealerAccountByPhone(sharedDb(trx), input.phone);
        if (!existing && !input.createAccount) fail(ErrorCode.ACCOUNT_MISSING);
        if (existing) {
          const member = await trx.selectFrom('members').select('id').where('user_id', '=', existing.id).where('dealer_id', '=', scope.dealerId).executeTakeFirst();
          if (member) fail(ErrorCode.ALREADY_MEMBER);
        }
        const created = existing ? null : await createDealerAccount(sharedDb(trx), { phone: input.phone, realName: input.realName, email: input.email, img: input.img });
        const userId = existing?.id ?? created!.id;
        const member = await trx.insertInto('members').values({ dealer_id: scope.dealerId, user_id: userId, jurisdiction }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('member_roles').values(roleIds.map((role_id) => ({ member_id: member.id, role_id }))).execute();
        await logOrganizationEvent(sharedDb(trx), { userId, action: 'memberAdded', ip: ctx.ip, detail: company.name, dealerId: company.id, operatorId: sessionOf(ctx).userId });
        return { memberId: member.id, password: created?.password ?? null };
      });
      return { member: await memberItem(db, added.memberId), password: added.password };
    }),
    route(editMember, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const jurisdiction = checkJurisdiction(input.jurisdiction);
      const held = await callerButtons(shared, ctx, scope);
      await db.transaction().execute(async (trx) => {
        const member = await memberInScope(trx, scope, input.memberId);
        const dealer = await dealerInScope(trx, scope, member.dealer_id);
        const roleIds = await assertRolesAssignable(trx, scope, held, dealer, input.roleIds);
        const account = await trx.selectFrom('users').select('img').where('id', '=', member.user_id).executeTakeFirst();
        await assertIssuedUpload(sharedDb(trx), uploaderOf(ctx), input.img, { current: account?.img });
        const before = await trx.selectFrom('member_roles').select('role_id').where('member_id', '=', member.id).execute();
        await trx.updateTable('members').set({ jurisdiction }).where('id', '=', member.id).execute();
        // The avatar and email belong to the account: changed only when no company outside the subtree uses it.
        await trx
          .updateTable('users as u')
          .set({ img: input.img, email: input.email })
          .where('u.id', '=', member.user_id)
          .where(({ not, exists, selectFrom }) => not(exists(accountMembershipsOutside(selectFrom, scope.path))))
          .execute();
        const changed = before.length !== roleIds.length || before.some((row) => !roleIds.includes(row.role_id));
        if (!changed) return;
        await trx.deleteFrom('member_roles').where('member_id', '=', member.id).execute();
        await trx.insertInto('member_roles').values(roleIds.map((role_id) => ({ member_id: member.id, role_id }))).execute();
        await logOrganizationEvent(sharedDb(trx), { userId: member.user_id, action: 'roleChanged', ip: ctx.ip, detail: dealer.name, dealerId: dealer.id, operatorId: sessionOf(ctx).userId });
      });
      return memberItem(db, input.memberId);
    }),
    route(removeMember, async (input, ctx) => {
      const scope = scopeOf(ctx);
      await db.transaction().execute(async (trx) => {
        const member = await memberInScope(trx, scope, input.memberId);
        const dealer = await dealerInScope(trx, scope, member.dealer_id);
        await trx.deleteFrom('members').where('id', '=', member.id).execute();
        await logOrganizationEvent(sharedDb(trx), { userId: member.user_id, action: 'memberRemoved', ip: ctx.ip, detail: dealer.name, dealerId: dealer.id, operatorId: sessionOf(ctx).userId });
      });
      return null;
    }),
  ];
}

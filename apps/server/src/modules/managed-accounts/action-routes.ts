import { ErrorCode, type CallDef } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import {
  actorOf,
  deleteAccount,
  lockAccount,
  resetAccountPassword,
  unlockAccount,
  type ScopedAccount,
} from './accounts.ts';

/** The four administrator calls every account-like people record has, all taking the record's id. */
export interface AccountActionCalls {
  resetPassword: CallDef;
  lock: CallDef;
  unlock: CallDef;
  remove: CallDef;
}

/** Finds the account of a record in the scope; undefined for a missing or foreign id alike. */
export type ScopedAccountFinder = (
  db: Kysely<DB>,
  scope: DealerScope,
  id: string,
) => Promise<ScopedAccount | undefined>;

/**
 * Routes for reset password, lock, unlock and delete of one kind of record. `idField` names the
 * id in the request (e.g. customerId); a foreign or missing id answers NOT_FOUND and changes nothing.
 */
export function accountActionRoutes(
  db: Kysely<DB>,
  calls: AccountActionCalls,
  idField: string,
  find: ScopedAccountFinder,
): CallRoute[] {
  const target = async (input: unknown, ctx: ScopedContext) => {
    const scope = ctx.scope;
    const account = await find(db, scope, String((input as Record<string, unknown>)[idField]));
    if (!account) fail(ErrorCode.NOT_FOUND);
    return { account, actor: await actorOf(db, ctx) };
  };
  return [
    scopedRoute(calls.resetPassword, async (input, ctx) => {
      const { account, actor } = await target(input, ctx);
      await resetAccountPassword(db, account, String((input as { password: string }).password), actor);
      return null;
    }),
    scopedRoute(calls.lock, async (input, ctx) => {
      const { account, actor } = await target(input, ctx);
      await lockAccount(db, account, actor);
      return null;
    }),
    scopedRoute(calls.unlock, async (input, ctx) => {
      const { account, actor } = await target(input, ctx);
      await unlockAccount(db, account, actor);
      return null;
    }),
    scopedRoute(calls.remove, async (input, ctx) => {
      const { account, actor } = await target(input, ctx);
      await deleteAccount(db, account, actor);
      return null;
    }),
  ];
}

import {
  ErrorCode,
  customerLogin,
  forgetPwd,
  getCode,
  getPersonalInfo,
  login,
  logout,
  selectUserForLogin,
  updatePersonalInfo,
  updatePwd,
  type LoginAnswer,
  type SignInAnswer,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { SmsSender } from '../../auth/sms-sender.ts';
import type { DB } from '../../db/schema.ts';
import { route, sessionOf, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { changePassword, changePersonalInfo, personalInfo, resetPassword, signOut } from './account.ts';
import { RESEND_AFTER_SECONDS, sendCode, useCode } from './codes.ts';
import { assertWithinFailureBudget } from './failure-budget.ts';
import { signInWithAccessKey, signInWithPassword, signInWithProvenPhone } from './sign-in.ts';

/** A sign-in answer with the platform's time zone, which the console keeps for the session. */
const withZone = (answer: SignInAnswer, ctx: CallContext): LoginAnswer => ({ ...answer, timeZone: ctx.timeZone });

/** Sign-in, SMS codes, passwords and the personal settings; `failuresPerMinute` is the global budget of failed proofs (failure-budget.ts). */
export function authRoutes(db: Kysely<DB>, sms: SmsSender, failuresPerMinute = 300): CallRoute[] {
  const withinBudget = (ip: string) => assertWithinFailureBudget(db, ip, failuresPerMinute);
  return [
    route(login, async (input, ctx) => {
      await withinBudget(ctx.ip);
      // PDA handhelds sign in with the same call, by the PDA account's user name.
      const identity = input.loginSource === 'pda' ? 'pda' : 'dealer';
      if (input.password !== undefined)
        return withZone(await signInWithPassword(db, input.name, input.password, identity, ctx.ip), ctx);
      if (identity === 'pda') fail(ErrorCode.ACCOUNT_NOT_FOUND);
      await useCode(db, input.name, 'login', 'dealer', input.code ?? '', ctx.ip);
      return withZone(await signInWithProvenPhone(db, input.name, ctx.ip), ctx);
    }),
    route(getCode, async (input) => {
      await sendCode(db, sms, input.name, input.purpose, input.userType);
      return { resendAfterSeconds: RESEND_AFTER_SECONDS };
    }),
    route(selectUserForLogin, async (input, ctx) =>
      withZone(await signInWithAccessKey(db, input.userId, input.accessKey, ctx.ip), ctx),
    ),
    route(customerLogin, async (input, ctx) => {
      await withinBudget(ctx.ip);
      // The customer system's service app signs engineers in with type 'engineer'.
      const answer = await signInWithPassword(
        db,
        input.userName,
        input.password,
        input.type === 'engineer' ? 'engineer' : 'user',
        ctx.ip,
      );
      return {
        'x-token': answer.xtoken ?? '',
        user: answer.user!,
        needUpdatePwd: answer.needUpdatePwd,
        timeZone: ctx.timeZone,
      };
    }),
    route(logout, async (_input, ctx) => {
      await signOut(db, sessionOf(ctx), ctx.ip);
      return null;
    }),
    route(forgetPwd, async (input, ctx) => {
      await withinBudget(ctx.ip);
      await useCode(db, input.name, 'resetPwd', input.userType, input.code, ctx.ip);
      await resetPassword(db, input.name, input.userType, input.password, ctx.ip);
      return null;
    }),
    route(updatePwd, async (input, ctx) => {
      await changePassword(db, sessionOf(ctx), input.oldPassword, input.password, ctx.ip, ctx.locale);
      return null;
    }),
    route(getPersonalInfo, (_input, ctx) => personalInfo(db, sessionOf(ctx).userId)),
    route(updatePersonalInfo, (input, ctx) => changePersonalInfo(db, sessionOf(ctx).userId, input)),
  ];
}

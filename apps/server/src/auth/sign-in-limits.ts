import { customerLogin, forgetPwd, getCode, login, selectUserForLogin, type CallDef } from '@dcc/contract';
import type { RateLimitConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { ErrorCode } from '@dcc/contract';
import { MinuteRateLimiter } from '../http/rate-limiter.ts';

interface Limit {
  bucket: string;
  perIp: (config: RateLimitConfig) => number;
  /** Payload field naming the account, limited per account as well. */
  accountField: string | null;
}

const signIn = (config: RateLimitConfig) => config.loginPerIpPerMinute;
const LIMITS = new Map<CallDef, Limit>([
  [login, { bucket: 'signIn', perIp: signIn, accountField: 'name' }],
  [customerLogin, { bucket: 'signIn', perIp: signIn, accountField: 'userName' }],
  [selectUserForLogin, { bucket: 'signIn', perIp: signIn, accountField: null }],
  [forgetPwd, { bucket: 'signIn', perIp: signIn, accountField: 'name' }],
  [getCode, { bucket: 'code', perIp: (config) => config.codePerIpPerMinute, accountField: 'name' }],
]);

/** Rate limits of the sign-in and SMS calls, per IP and per account. */
export class SignInLimits {
  readonly #limiter = new MinuteRateLimiter();

  constructor(private readonly config: RateLimitConfig) {}

  /** Throws RATE_LIMITED when the caller is over a limit of this call. */
  check(call: CallDef, ip: string, payload: unknown): void {
    const limit = LIMITS.get(call);
    if (!limit) return;
    if (!this.#limiter.hit(`${limit.bucket}:ip:${ip}`, limit.perIp(this.config))) throw new AppError(ErrorCode.RATE_LIMITED);
    const account = limit.accountField && typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[limit.accountField] : undefined;
    if (typeof account === 'string' && !this.#limiter.hit(`${limit.bucket}:account:${account.trim()}`, this.config.loginPerAccountPerMinute)) {
      throw new AppError(ErrorCode.RATE_LIMITED);
    }
  }
}

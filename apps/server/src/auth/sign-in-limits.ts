import { customerLogin, forgetPwd, getCode, login, selectUserForLogin, type CallDef } from '@dcc/contract';
import type { FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { ErrorCode } from '@dcc/contract';
import { clientKey, type MinuteCounter } from '../http/rate-limiter.ts';

interface Limit {
  bucket: string;
  perIp: (config: RateLimitConfig) => number;
  /** Payload field naming the account, limited per account and address as well (never per account alone: a stranger could spend the owner's limit). */
  accountField: string | null;
}

const signIn = (config: RateLimitConfig) => config.loginPerIpPerMinute;
const LIMITS = new Map<CallDef, Limit>([
  [login, { bucket: 'signIn', perIp: signIn, accountField: 'name' }],
  [customerLogin, { bucket: 'signIn', perIp: signIn, accountField: 'userName' }],
  [selectUserForLogin, { bucket: 'signIn', perIp: signIn, accountField: null }],
  [forgetPwd, { bucket: 'signIn', perIp: signIn, accountField: 'name' }],
  // A phone is protected from SMS bombing by the 120 s rule per phone, purpose and type (codes.ts), which only sends the owner codes.
  [getCode, { bucket: 'code', perIp: (config) => config.codePerIpPerMinute, accountField: null }],
]);

/**
 * Rate limits of the sign-in and SMS calls, per IP and per account and IP, counted by @fastify/rate-limit
 * (in Redis when REDIS_URL is set, so that every instance shares them).
 */
export class SignInLimits {
  constructor(
    private readonly counter: MinuteCounter,
    private readonly config: RateLimitConfig,
  ) {}

  /** Throws RATE_LIMITED when the caller is over a limit of this call. */
  async check(call: CallDef, request: FastifyRequest, payload: unknown): Promise<void> {
    const limit = LIMITS.get(call);
    if (!limit) return;
    if (!(await this.counter.hit(request, `${limit.bucket}:ip:${clientKey(request)}`, limit.perIp(this.config))))
      throw new AppError(ErrorCode.RATE_LIMITED);
    const account =
      limit.accountField && typeof payload === 'object' && payload !== null
        ? (payload as Record<string, unknown>)[limit.accountField]
        : undefined;
    if (
      typeof account === 'string' &&
      !(await this.counter.hit(
        request,
        `${limit.bucket}:account:${account.trim()}:ip:${clientKey(request)}`,
        this.config.loginPerAccountPerMinute,
      ))
    ) {
      throw new AppError(ErrorCode.RATE_LIMITED);
    }
  }
}

import { ALL_CALLS, callButtons, ErrorCode, platformRefusal, type CallDef, type Locale } from '@dcc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { scopeWithButton, type DealerScope } from '../auth/permission-repo.ts';
import { lookupSession, type ActiveSession } from '../auth/session-repo.ts';
import type { SignInLimits } from '../auth/sign-in-limits.ts';
import type { Database } from '../db/database.ts';
import { AppError, badRequest, fail, okEnvelope } from './app-error.ts';
import type { CallRecorder } from './call-recorder.ts';
import type { CallContext, CallInput, CallRoute } from './call-route.ts';
import { headerContext } from './header-context.ts';
import { splitBody } from './json-body.ts';
import { localeOf } from './locale.ts';
import { RawJson } from './raw-json.ts';

export interface PipelineDeps {
  database: Database;
  limits: SignInLimits;
  checkResponses: boolean;
  /** The platform's time zone, handed to every call (CallContext.timeZone). */
  timeZone: string;
  /** The API call log: every answered call is handed to it (issue 22). */
  recorder?: CallRecorder;
}

/** The contract calls that have no handler among `routes`. */
export function callsWithoutHandler(routes: readonly CallRoute[]): CallDef[] {
  const handled = new Set(routes.map((entry) => entry.call));
  return ALL_CALLS.filter((call) => !handled.has(call));
}

const declaresDealersId = (call: CallDef): boolean =>
  call.request instanceof z.ZodObject && 'dealersId' in call.request.shape;

/**
 * Registers one POST route per contract call. Every call goes through the same steps:
 * rate limit, session, permission button (from the contract entry), request schema, handler.
 */
export function registerCalls(app: FastifyInstance, routes: readonly CallRoute[], deps: PipelineDeps): void {
  const byCall = new Map(routes.map((entry) => [entry.call, entry]));
  for (const call of ALL_CALLS) {
    const entry = byCall.get(call);
    if (!entry) {
      app.log.error({ path: call.path }, 'contract call without a handler');
      app.post(call.path, async () => fail(ErrorCode.UNKNOWN_CALL, { path: call.path }));
      continue;
    }
    const keepDealersId = declaresDealersId(call);
    app.post(call.path, async (request, reply) => {
      const seen: SeenCall = { payload: undefined, ctx: null };
      const started = performance.now();
      let outcomeCode: number = ErrorCode.OK;
      try {
        return await answer(call, entry, keepDealersId, request, reply, deps, seen);
      } catch (error) {
        outcomeCode = error instanceof AppError ? error.code : ErrorCode.INTERNAL;
        throw error;
      } finally {
        deps.recorder?.record({
          call,
          payload: seen.payload,
          at: new Date(),
          requestId: request.id,
          userId: seen.ctx?.session?.userId ?? null,
          dealerId: seen.ctx?.scope?.dealerId ?? null,
          ip: request.ip,
          outcomeCode,
          durationMs: performance.now() - started,
        });
      }
    });
  }
}

/** What the API call log learns of a call while it is answered. */
interface SeenCall {
  payload: unknown;
  ctx: CallContext | null;
}

async function answer(
  call: CallDef,
  entry: CallRoute,
  keepDealersId: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: PipelineDeps,
  seen: SeenCall,
) {
  // A multipart body is read only once session and button pass, checked from the headers.
  const early = entry.readInput && request.isMultipart() ? await admitBeforeBody(call, request, reply, deps) : null;
  seen.ctx = early;
  const input = entry.readInput ? await entry.readInput(request) : splitBody(request.body, keepDealersId);
  seen.payload = input.payload;
  const ctx = early ? { ...early, file: input.file } : await admit(call, request, input, deps);
  seen.ctx = ctx;
  const parsed = call.request.safeParse(input.payload);
  if (!parsed.success) throw badRequest(parsed.error.issues, ctx.locale);
  const result = await entry.handle(parsed.data, ctx);
  if (result instanceof RawJson) {
    if (deps.checkResponses) call.response.parse(JSON.parse(result.text));
    return send(reply, spliceEnvelope(result, ctx.locale));
  }
  if (deps.checkResponses) call.response.parse(result);
  return send(reply, okEnvelope(result, ctx.locale));
}

/** The success envelope around an answer that is JSON text already. */
function spliceEnvelope(result: RawJson, locale: Locale): string | Buffer {
  const { error_code, error_msg } = okEnvelope(null, locale);
  const head = `{"error_code":${error_code},"error_msg":${JSON.stringify(error_msg)},"objectResult":`;
  if (typeof result.json === 'string') return `${head}${result.json}}`;
  // Bytes stay bytes: a large answer is copied once instead of encoded on every write.
  return Buffer.concat([Buffer.from(head), result.json, CLOSING_BRACE]);
}

const CLOSING_BRACE = Buffer.from('}');

function send(reply: FastifyReply, body: unknown) {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Rate limit, session and permission checks; answers the call context or throws. */
async function admit(
  call: CallDef,
  request: FastifyRequest,
  input: CallInput,
  deps: PipelineDeps,
): Promise<CallContext> {
  const locale = localeOf(request);
  await deps.limits.check(call, request, input.payload);
  const dealersId = typeof input.context.dealersId === 'string' ? input.context.dealersId : null;
  const session = call.auth === 'public' ? null : await requireSession(call, input.context.sessionid, deps.database);
  let scope: DealerScope | null = null;
  if (session && call.button !== null) {
    const payloadDealer = (input.payload as Record<string, unknown>)?.dealersId;
    const company = dealersId ?? (typeof payloadDealer === 'string' ? payloadDealer : null);
    scope = company === null ? null : await scopeWithButton(deps.database, session.userId, company, callButtons(call));
    if (!scope) fail(ErrorCode.PERMISSION_DENIED);
    // Data every company shares (notices, button tree, catalog) is changed by the platform only.
    const refusal = platformRefusal(call, scope.level);
    if (refusal !== null) fail(refusal);
  }
  return { locale, timeZone: deps.timeZone, ip: request.ip, session, dealersId, scope, file: input.file };
}

/** `admit` from the header context, before the body; a refusal closes the connection so the unread body is never received. */
async function admitBeforeBody(
  call: CallDef,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: PipelineDeps,
): Promise<CallContext> {
  try {
    return await admit(call, request, { payload: {}, context: headerContext(request), file: null }, deps);
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
}

async function requireSession(call: CallDef, token: unknown, database: Database): Promise<ActiveSession> {
  if (typeof token !== 'string' || token === '' || token.length > 200) fail(ErrorCode.SESSION_EXPIRED);
  const found = await lookupSession(database, token);
  if (found.state === 'replaced') fail(ErrorCode.LOGGED_IN_ELSEWHERE);
  if (found.state === 'expired') fail(ErrorCode.SESSION_EXPIRED);
  if (found.session.scope === 'passwordChange' && call.auth !== 'passwordChange')
    fail(ErrorCode.PASSWORD_CHANGE_REQUIRED);
  return found.session;
}

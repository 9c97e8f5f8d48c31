import type { CallDef, Locale } from '@dcc/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DealerScope } from '../auth/permission-repo.ts';
import type { ActiveSession } from '../auth/session-repo.ts';
import type { RawJson } from './raw-json.ts';

/** A file received with a multipart call. */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/** What a call handler knows about the caller besides the validated payload. */
export interface CallContext {
  locale: Locale;
  /** The platform's time zone (config PLATFORM_TIME_ZONE): the caller's times are read, written and counted by day in it. */
  timeZone: string;
  ip: string;
  /** The caller's live session; null only on public calls. */
  session: ActiveSession | null;
  /** The current company sent by the console (context field `dealersId`), if any. */
  dealersId: string | null;
  /** The company a call that needs a button acts for (the button was found there); null otherwise. */
  scope: DealerScope | null;
  file: UploadedFile | null;
}

/** The body of a call split into context fields and the payload to validate. */
export interface CallInput {
  payload: unknown;
  context: Record<string, unknown>;
  file: UploadedFile | null;
}

/** A handler answers the call's response, or the same as JSON text (checked against the schema in tests). */
type Handler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: CallContext,
) => Promise<z.input<C['response']> | RawJson>;

/** A contract call bound to the function that answers it. */
export interface CallRoute {
  call: CallDef;
  handle: (input: unknown, ctx: CallContext) => Promise<unknown>;
  /** Reads the request when it is not a JSON body (multipart upload). */
  readInput?: (request: FastifyRequest) => Promise<CallInput>;
}

/** Binds a handler to a contract call, typed by the call's schemas. */
export function route<C extends CallDef>(call: C, handle: Handler<C>, readInput?: CallRoute['readInput']): CallRoute {
  return { call, handle: handle as CallRoute['handle'], readInput };
}

/** The session of a call that requires one (the pipeline guarantees it). */
export function sessionOf(ctx: CallContext): ActiveSession {
  if (!ctx.session) throw new Error('handler of a public call asked for the session');
  return ctx.session;
}

/** Who acts in a call, as business code sees it: the signed-in account and the address it calls from (for the account log). */
export interface Actor {
  userId: string;
  ip: string;
}

/** The actor of a call that requires a session. */
export const actorOf = (ctx: CallContext): Actor => ({ userId: sessionOf(ctx).userId, ip: ctx.ip });

/**
 * What the handler of a call with a permission button knows: the session, the company the call acts for
 * (the pipeline found the button there, so it is never missing) and who acts.
 */
export interface ScopedContext extends CallContext {
  session: ActiveSession;
  scope: DealerScope;
  actor: Actor;
}

type ScopedHandler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: ScopedContext,
) => Promise<z.input<C['response']> | RawJson>;

/**
 * Binds the handler of a call that declares a permission button: it gets the scope and the actor, non-null.
 * A call without a button (or a public one) has no scope to give: binding one fails when the server starts.
 */
export function scopedRoute<C extends CallDef>(
  call: C,
  handle: ScopedHandler<C>,
  readInput?: CallRoute['readInput'],
): CallRoute {
  if (call.button === null || call.auth === 'public')
    throw new Error(`${call.path} declares no permission button: its handler has no scope`);
  return route(call, (input, ctx) => handle(input, scopedContext(ctx)), readInput);
}

/** The context of a call that passed its permission check (register-calls.ts `admit`). */
function scopedContext(ctx: CallContext): ScopedContext {
  const { session, scope } = ctx;
  if (!session || !scope) throw new Error('handler of a call with a button reached without a scope');
  return { ...ctx, session, scope, actor: { userId: session.userId, ip: ctx.ip } };
}

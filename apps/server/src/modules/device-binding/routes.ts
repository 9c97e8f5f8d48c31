import {
  addMacs,
  allocateMac,
  bindSn,
  confirmMac,
  deleteMac,
  ErrorCode,
  listMacs,
  listSnBindings,
  pdaBindSn,
  releaseMac,
  unbindSn,
} from '@dcc/contract';
import { pdaScope, type DealerScope } from '../../auth/permission-repo.ts';
import type { Database } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import {
  route,
  scopedRoute,
  sessionOf,
  type CallContext,
  type CallRoute,
  type ScopedContext,
} from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { macPage } from './mac-repo.ts';
import {
  addScopedMacs,
  allocateScopedMac,
  confirmScopedMac,
  deleteScopedMac,
  releaseScopedMac,
} from './mac-service.ts';
import { snBindingPage } from './sn-repo.ts';
import { bindScopedSn, unbindScopedSn } from './sn-service.ts';

/** The scope of a PDA account's call; any other account is refused like a call without its button. */
async function pdaScopeOf(database: Database, ctx: CallContext): Promise<DealerScope> {
  const session = sessionOf(ctx);
  const scope = session.identity === 'pda' ? await pdaScope(database, session.userId) : null;
  if (!scope) fail(ErrorCode.PERMISSION_DENIED);
  return scope;
}

/** Barcode binding (snBoundMgr, B261, and the PDA scan) and MAC mapping (macMgr, B263). */
export function deviceBindingRoutes(database: Database): CallRoute[] {
  const db = database.db;
  /** The caller in its scope, as the operation log names it. */
  const acting = async (scope: DealerScope, ctx: CallContext) => ({
    scope,
    operator: await operatorOf(db, scope, ctx),
  });
  const inConsole = (ctx: ScopedContext) => acting(ctx.scope, ctx);
  return [
    scopedRoute(listSnBindings, (input, ctx) => snBindingPage(db, ctx.scope, input, ctx.locale)),
    scopedRoute(bindSn, async (input, ctx) =>
      bindScopedSn(db, await inConsole(ctx), { userId: ctx.actor.userId, source: 'console' }, input, ctx.locale),
    ),
    scopedRoute(unbindSn, async (input, ctx) => unbindScopedSn(db, await inConsole(ctx), input.deviceId, ctx.locale)),
    route(pdaBindSn, async (input, ctx) => {
      const binding = await bindScopedSn(
        db,
        await acting(await pdaScopeOf(database, ctx), ctx),
        { userId: sessionOf(ctx).userId, source: 'pda' },
        input,
        ctx.locale,
      );
      return { deviceCode: binding.deviceCode, sn: binding.sn, boundTime: binding.boundTime };
    }),
    scopedRoute(listMacs, (input, ctx) => macPage(db, ctx.scope, input)),
    scopedRoute(addMacs, (input, ctx) => addScopedMacs(db, ctx.scope, input.macs)),
    scopedRoute(allocateMac, async (input, ctx) => allocateScopedMac(db, await inConsole(ctx), input)),
    scopedRoute(confirmMac, async (input, ctx) => confirmScopedMac(db, await inConsole(ctx), input.macId)),
    scopedRoute(releaseMac, async (input, ctx) => releaseScopedMac(db, await inConsole(ctx), input.macId)),
    scopedRoute(deleteMac, (input, ctx) => deleteScopedMac(db, ctx.scope, input.macId)),
  ];
}

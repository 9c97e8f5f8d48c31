import { activateDevice, listDeviceOperations, lockDevice, setDevicePointValues, unlockDevice } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { deviceInScope } from '../devices/index.ts';
import { vendorReaderOf } from '../points/index.ts';
import { pointReaderOf } from '../telemetry/index.ts';
import { commandService, type CommandDeps } from './command-deps.ts';
import { commandRoute } from './command-route.ts';
import { activateScopedDevice } from './activation.ts';
import { controlDevice } from './control.ts';
import { operatorOf } from './operation-log.ts';
import { operationPage } from './operation-page.ts';
import { setPointValues, type CommandActor } from './set-values.ts';

async function actorOf(db: Kysely<DB>, scope: DealerScope, ctx: CallContext): Promise<CommandActor> {
  const operator = await operatorOf(db, scope, ctx);
  return { ...operator, ...(await vendorReaderOf(db, operator.userId, scope.dealerId)) };
}

/**
 * Commands to devices (B9401 set values, B9402 activate/lock/unlock) and the operation log (B94).
 * `deps.downlink` sends to the broker, `deps.events` brings the devices' replies (published by the ingest).
 */
export function deviceCommandRoutes(deps: CommandDeps, service = commandService(deps)): CallRoute[] {
  const { db } = deps;
  return [
    commandRoute(setDevicePointValues, async (input, ctx) =>
      setPointValues(service, ctx.scope, await actorOf(db, ctx.scope, ctx), input, ctx.locale),
    ),
    commandRoute(activateDevice, async (input, ctx) =>
      activateScopedDevice(service, ctx.scope, await operatorOf(db, ctx.scope, ctx), input, ctx.locale),
    ),
    commandRoute(lockDevice, async (input, ctx) =>
      controlDevice(
        service,
        ctx.scope,
        await operatorOf(db, ctx.scope, ctx),
        { deviceId: input.deviceId, action: 'lock' },
        ctx.locale,
      ),
    ),
    commandRoute(unlockDevice, async (input, ctx) =>
      controlDevice(
        service,
        ctx.scope,
        await operatorOf(db, ctx.scope, ctx),
        { deviceId: input.deviceId, action: 'unlock' },
        ctx.locale,
      ),
    ),
    scopedRoute(listDeviceOperations, async (input, ctx) => {
      const device = await deviceInScope(db, ctx.scope, { id: input.deviceId });
      return operationPage(db, deps.profiles, device, input, await pointReaderOf(db, ctx));
    }),
  ];
}

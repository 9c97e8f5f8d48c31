import { lockDevices, translate, unlockDevices, type Locale, type OperationOutcome } from '@dcc/contract';
import type { ControlAction } from '@dcc/protocol';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { AppError } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { peopleScopeOf } from '../managed-accounts/scope.ts';
import { selectionInScope } from '../device-list/selection.ts';
import type { CommandService } from './command-deps.ts';
import { controlDevice } from './control.ts';
import type { Operator } from './operation-log.ts';
import { operatorOf } from './routes.ts';

/** Devices commanded at once: each waits for its own reply, so a batch of offline or silent devices takes one timeout per round. */
const PARALLEL = 10;

type BatchResult = { deviceId: string; outcome: OperationOutcome; message: string };

/**
 * Locks or unlocks every device of a selection of the scope (all must be in it, else NOT_FOUND and
 * nothing is sent), each as the single call does it; answers each device's outcome, a refusal
 * before sending (offline, ...) as 'rejected' with its message.
 */
export async function controlSelection(
  service: CommandService, scope: DealerScope, operator: Operator, deviceIds: readonly string[], action: Extract<ControlAction, 'lock' | 'unlock'>, locale: Locale,
): Promise<{ results: BatchResult[] }> {
  await selectionInScope(service.db, scope, deviceIds);
  const results: BatchResult[] = [];
  for (let k = 0; k < deviceIds.length; k += PARALLEL) {
    const round = deviceIds.slice(k, k + PARALLEL).map(async (deviceId): Promise<BatchResult> => {
      try {
        const answer = await controlDevice(service, scope, operator, { deviceId, action }, locale);
        return { deviceId, outcome: answer.outcome, message: answer.statusName ?? '' };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { deviceId, outcome: 'rejected', message: translate(locale, error.messageKey, error.params) };
      }
    });
    results.push(...(await Promise.all(round)));
  }
  return { results };
}

/** The batch lock and unlock calls (B9402), on the server's one command service. */
export function batchControlRoutes(service: CommandService): CallRoute[] {
  const handler = (action: 'lock' | 'unlock') => async (input: { deviceIds: string[] }, ctx: Parameters<CallRoute['handle']>[1]) => {
    const scope = peopleScopeOf(ctx);
    return controlSelection(service, scope, await operatorOf(service.db, scope, ctx), input.deviceIds, action, ctx.locale);
  };
  return [route(lockDevices, handler('lock')), route(unlockDevices, handler('unlock'))];
}

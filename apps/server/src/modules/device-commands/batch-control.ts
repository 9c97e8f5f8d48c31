import { lockDevices, translate, unlockDevices, type Locale, type OperationOutcome } from '@dcc/contract';
import type { ControlAction } from '@dcc/protocol';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { AppError } from '../../http/app-error.ts';
import type { CallRoute, ScopedContext } from '../../http/call-route.ts';
import { devicesInScope } from '../devices/index.ts';
import { answerText } from './answer-text.ts';
import type { CommandService } from './command-deps.ts';
import { commandRoute } from './command-route.ts';
import { controlDeviceInScope } from './control.ts';
import type { Operator } from './operation-log.ts';
import { operatorOf } from './operation-log.ts';

type BatchResult = { deviceId: string; outcome: OperationOutcome; message: string };

/**
 * Locks or unlocks every device of a selection of the scope (all must be in it, else NOT_FOUND and
 * nothing is sent), each as the single call does it; answers each device's outcome, a refusal
 * before sending (offline, ...) as 'rejected' with its message. Every device of the selection (at most
 * MAX_SELECTED_DEVICES) is commanded at once, so silent devices cost one command timeout in all, not
 * one per round: the console waits for the answer only a little longer than that timeout.
 */
export async function controlSelection(
  service: CommandService,
  scope: DealerScope,
  operator: Operator,
  deviceIds: readonly string[],
  action: Extract<ControlAction, 'lock' | 'unlock'>,
  locale: Locale,
): Promise<{ results: BatchResult[] }> {
  const selected = new Map((await devicesInScope(service.db, scope, deviceIds)).map((device) => [device.id, device]));
  const results = await Promise.all(
    deviceIds.map(async (deviceId): Promise<BatchResult> => {
      try {
        const answer = await controlDeviceInScope(service, selected.get(deviceId)!, operator, { action }, locale);
        return {
          deviceId,
          outcome: answer.outcome,
          message: answer.statusName ? answerText(locale, answer.statusName) : '',
        };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { deviceId, outcome: 'rejected', message: translate(locale, error.messageKey, error.params) };
      }
    }),
  );
  return { results };
}

/** The batch lock and unlock calls (B9402), on the server's one command service. */
export function batchControlRoutes(service: CommandService): CallRoute[] {
  const handler = (action: 'lock' | 'unlock') => async (input: { deviceIds: string[] }, ctx: ScopedContext) =>
    controlSelection(
      service,
      ctx.scope,
      await operatorOf(service.db, ctx.scope, ctx),
      input.deviceIds,
      action,
      ctx.locale,
    );
  return [commandRoute(lockDevices, handler('lock')), commandRoute(unlockDevices, handler('unlock'))];
}

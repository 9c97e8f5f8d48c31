import { ErrorCode, setBlockedBy } from '@dcc/contract';
import type { CompiledTable } from '@dcc/protocol';
import { AppError, fail } from '../../http/app-error.ts';
import type { CommandService } from './command-deps.ts';
import type { CommandTarget } from './command-target.ts';
import { logOperation, type OperationEntry } from './operation-log.ts';

/** Refuses a command to an offline device (never connected included): spec, commands, activation and locking need the device online. */
export function assertOnline(target: CommandTarget): void {
  if (!target.connected) fail(ErrorCode.DEVICE_OFFLINE);
}

/** Refuses a set command to a locked or offline device (setBlockedBy, the rule the console's set controls show). */
export function assertSettable(target: CommandTarget): void {
  const block = setBlockedBy(target);
  if (block !== null) fail(block);
}

/** Refuses a thing-model device for a frame-only command: Alink has no activation, lock or unlock message (docs/device-protocol.md section 14). */
export async function assertSpeaksFrames(service: CommandService, target: CommandTarget): Promise<void> {
  if ((await service.profiles.get(target.deviceCode))?.messageType === 'tm') fail(ErrorCode.DEVICE_THING_MODEL);
}

/** The point table the device's frames use; thing-model devices and products without a usable table are refused. */
export async function frameTable(service: CommandService, target: CommandTarget): Promise<CompiledTable> {
  await assertSpeaksFrames(service, target);
  const table = (await service.profiles.get(target.deviceCode))?.table;
  if (!table) fail(ErrorCode.DEVICE_NO_POINT_TABLE);
  return table;
}

/** Runs the checks of a command; a refusal is logged as rejected (with its message key and parameters) and rethrown. */
export async function loggingRejection<T>(
  service: CommandService,
  entry: Omit<OperationEntry, 'outcome'>,
  checks: () => Promise<T> | T,
): Promise<T> {
  try {
    return await checks();
  } catch (error) {
    if (error instanceof AppError)
      await logOperation(service.db, {
        ...entry,
        outcome: 'rejected',
        detail: error.messageKey,
        detailParams: error.params,
      });
    throw error;
  }
}

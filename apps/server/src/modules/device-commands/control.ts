import { ErrorCode, type CommandAnswer, type Device, type Locale } from '@dcc/contract';
import { encodeControl, type ControlAction } from '@dcc/protocol';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { deviceInScope, type DeviceInScope } from '../devices/index.ts';
import { findDevice } from '../devices/index.ts';
import type { CommandService } from './command-deps.ts';
import { commandTarget, type CommandTarget } from './command-target.ts';
import { announceCounts } from '../../events/device-events.ts';
import { applyControl } from './control-effects.ts';
import { logOperation, type OperationEntry, type Operator } from './operation-log.ts';
import { assertOnline, assertSpeaksFrames, loggingRejection } from './rejections.ts';
import { sendCommand } from './send-command.ts';

export interface ControlRequest {
  deviceId: string;
  action: ControlAction;
  /** Activation only: skip the audit (activates at once, warranty 1.5 years). */
  skipAudit?: boolean;
  /** Activation only: the warranty it gives (activation.ts decides; 18 months when the audit is skipped). */
  warrantyMonths?: number;
}

/** Activation's own rule before the device is asked: a device is activated once (the audit is decided in activation.ts). */
function checkActivation(target: CommandTarget): void {
  if (target.activated) fail(ErrorCode.DEVICE_ALREADY_ACTIVE);
}

/** The operation log entry of a control command, before its outcome is known. */
export function controlEntry(
  target: Pick<CommandTarget, 'deviceId' | 'deviceCode'>,
  operator: Operator,
  action: ControlAction,
  skipAudit: boolean,
) {
  return {
    deviceId: target.deviceId,
    deviceCode: target.deviceCode,
    operator,
    action,
    request: action === 'activate' ? { skipAudit } : {},
    summary: '',
    createdAt: new Date(),
    changes: action === 'activate' ? [{ field: 'skipAudit' as const, from: null, to: skipAudit }] : [],
  };
}

/**
 * Activates, locks or unlocks a device of the scope: the device must be online; the control command
 * is sent and the control reply with the same sequence number awaited. Only an accepted reply changes
 * the registry (activated with warranty, locked flag). A refused activation answers ACTIVATION_FAILED
 * (spec: use the calculate activation password function). Every attempt is logged.
 */
export async function controlDevice(
  service: CommandService,
  scope: DealerScope,
  operator: Operator,
  request: ControlRequest,
  locale: Locale,
): Promise<CommandAnswer & { device: Device }> {
  const device = await deviceInScope(service.db, scope, { id: request.deviceId });
  return controlDeviceInScope(service, device, operator, request, locale);
}

/** `controlDevice` for a device found in the scope already (a batch finds its selection at once). */
export async function controlDeviceInScope(
  service: CommandService,
  device: DeviceInScope,
  operator: Operator,
  request: Omit<ControlRequest, 'deviceId'>,
  locale: Locale,
): Promise<CommandAnswer & { device: Device }> {
  const target = await commandTarget(service.db, device);
  const skipAudit = request.skipAudit ?? false;
  const entry = controlEntry(target, operator, request.action, skipAudit);
  await loggingRejection(service, entry, async () => {
    if (request.action === 'activate') checkActivation(target);
    assertOnline(target);
    await assertSpeaksFrames(service, target);
  });
  const sent = await loggingRejection(service, entry, () =>
    sendCommand(service, target, 'controlReply', (seq) => encodeControl(target.deviceCode, request.action, { seq })),
  );
  const reply = sent.reply;
  const outcome = reply === null ? 'noReply' : reply.status === 0 ? 'applied' : 'refused';
  const answered: OperationEntry = { ...entry, outcome, detail: reply?.statusName ?? '', seq: sent.seq };
  const applied = await service.db.transaction().execute(async (trx) => {
    // An applied command changes the device: its entry comes from the writer; any other outcome changes nothing.
    const changed =
      outcome === 'applied' &&
      (await applyControl(trx, target, request.action, new Date(), answered, request.warrantyMonths));
    if (!changed) await logOperation(trx, answered);
    return changed;
  });
  // An activated device counts as online now (it was UNACTIVE): no connection event tells the dashboard.
  if (applied && request.action === 'activate') announceCounts(service.events, [device.dealerId]);
  if (outcome === 'refused' && request.action === 'activate') fail(ErrorCode.ACTIVATION_FAILED);
  return {
    outcome,
    status: reply?.status ?? null,
    statusName: reply?.statusName ?? null,
    values: [],
    device: await foundOrFail(findDevice(service.db, device, locale)),
  };
}

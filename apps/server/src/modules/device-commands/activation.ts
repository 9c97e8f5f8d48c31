import {
  AUDITED_WARRANTY_MONTHS,
  ErrorCode,
  ProjectCheckState,
  type CommandAnswer,
  type Device,
  type Locale,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { updateDevice } from '../device-writer/index.ts';
import { deviceInScope, findDevice, writtenDevice, type DeviceInScope } from '../devices/index.ts';
import type { CommandService } from './command-deps.ts';
import { commandTarget } from './command-target.ts';
import { controlDeviceInScope, controlEntry } from './control.ts';
import type { Operator } from './operation-log.ts';
import { loggingRejection } from './rejections.ts';

/** What an activation came to: a command's outcome, or awaitingAudit when the device waits for its project's audit (nothing sent). */
export type ActivationAnswer = Omit<CommandAnswer, 'outcome'> & {
  outcome: CommandAnswer['outcome'] | 'awaitingAudit';
  device: Device;
};

/** The audit state of the device's project; null when the device is in no project. */
async function projectStateOf(db: Kysely<DB>, device: DeviceInScope): Promise<number | null> {
  const row = await db
    .selectFrom('devices as dv')
    .innerJoin('projects as pj', 'pj.id', 'dv.project_id')
    .select('pj.check_state')
    .where('dv.id', '=', device.id)
    .executeTakeFirst();
  return row?.check_state ?? null;
}

/**
 * Activates a device of the scope (spec section 4). Skipping the audit sends the activation at once
 * (warranty 18 months). Without skipping, the device must be in a project: when its audit passed, the
 * activation is sent with the audited warranty (AUDITED_WARRANTY_MONTHS); before that the device is
 * marked as awaiting the audit and nothing is sent: passing the audit activates it (modules/projects).
 */
export async function activateDeviceInScope(
  service: CommandService,
  device: DeviceInScope,
  operator: Operator,
  skipAudit: boolean,
  locale: Locale,
): Promise<ActivationAnswer> {
  if (skipAudit) return controlDeviceInScope(service, device, operator, { action: 'activate', skipAudit }, locale);
  const target = await commandTarget(service.db, device);
  const state = await loggingRejection(service, controlEntry(target, operator, 'activate', false), async () => {
    if (target.activated) fail(ErrorCode.DEVICE_ALREADY_ACTIVE);
    const found = await projectStateOf(service.db, device);
    if (found === null) fail(ErrorCode.ACTIVATION_NEEDS_AUDIT);
    return found;
  });
  if (state === ProjectCheckState.PASSED)
    return controlDeviceInScope(
      service,
      device,
      operator,
      { action: 'activate', skipAudit: false, warrantyMonths: AUDITED_WARRANTY_MONTHS },
      locale,
    );
  await service.db.transaction().execute((trx) =>
    updateDevice(
      trx,
      writtenDevice(device),
      { awaiting_audit: true },
      {
        operator,
        action: 'activate',
        request: { skipAudit: false },
        changes: [{ field: 'skipAudit', from: null, to: false }],
      },
    ),
  );
  const shown = await foundOrFail(findDevice(service.db, device, locale));
  return { outcome: 'awaitingAudit', status: null, statusName: null, values: [], device: shown };
}

/** `activateDeviceInScope` for a device id of the caller's scope. */
export async function activateScopedDevice(
  service: CommandService,
  scope: DealerScope,
  operator: Operator,
  request: { deviceId: string; skipAudit: boolean },
  locale: Locale,
): Promise<ActivationAnswer> {
  const device = await deviceInScope(service.db, scope, { id: request.deviceId });
  return activateDeviceInScope(service, device, operator, request.skipAudit, locale);
}

import { disableDevice, enableDevice, OfflineReason, type RevocationCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { foundOrFail } from '../catalog/index.ts';
import { peopleScopeOf } from '../managed-accounts/index.ts';
import { operatorOf } from '../device-commands/index.ts';
import { updateDevice } from '../device-writer/index.ts';
import { findDevice } from './repo.ts';

/**
 * The broker side, told of registry changes after they are committed: a device whose live connection
 * was signed with what no longer holds (secret reset or owner changed 401, deleted 521, disabled 522)
 * loses it at once, on every instance and broker mode; a device added or re-enabled is admitted
 * (cached sign-in answers dropped, an enforcing external broker told its identity).
 */
export interface DeviceAccess {
  revoke(deviceCode: string, code: RevocationCode): void;
  admit(deviceCode: string): void;
}

/** Disable and enable a device of the subtree (B9402). */
export function deviceAccessRoutes(db: Kysely<DB>, access?: DeviceAccess): CallRoute[] {
  const setDisabled = async (deviceId: string, ctx: CallContext, disabled: boolean): Promise<null> => {
    const scope = peopleScopeOf(ctx);
    const device = await foundOrFail(findDevice(db, scope, deviceId, ctx.locale));
    const operator = await operatorOf(db, scope, ctx);
    await db
      .transaction()
      .execute((trx) => updateDevice(trx, device, { disabled }, { operator, action: disabled ? 'disable' : 'enable' }));
    if (disabled) access?.revoke(device.deviceCode, OfflineReason.DISABLED);
    else access?.admit(device.deviceCode);
    return null;
  };
  return [
    route(disableDevice, (input, ctx) => setDisabled(input.deviceId, ctx, true)),
    route(enableDevice, (input, ctx) => setDisabled(input.deviceId, ctx, false)),
  ];
}

import { disableDevice, enableDevice, OfflineReason, type RevocationCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { setScopedDeviceDisabled } from './service.ts';

/**
 * The broker side, told of registry changes after they are committed: a device whose live connection
 * was signed with what no longer holds (secret reset or owner changed 401, deleted 521, disabled 522)
 * loses it at once, on every instance and broker mode; a device added or re-enabled is admitted
 * (cached sign-in answers dropped, an enforcing external broker told its identity).
 */
export interface DeviceAccess {
  revoke(deviceCode: string, code: RevocationCode): void;
  admit(deviceCode: string): void;
  /** Devices of these owners were added, deleted or moved: the dashboard's counts moved (the live stream's counts event). */
  countsChanged(dealerIds: Iterable<string>): void;
}

/** Disable and enable a device of the subtree (B9402). */
export function deviceAccessRoutes(db: Kysely<DB>, access?: DeviceAccess): CallRoute[] {
  const setDisabled = async (deviceId: string, ctx: ScopedContext, disabled: boolean): Promise<null> => {
    const operator = await operatorOf(db, ctx.scope, ctx);
    const device = await setScopedDeviceDisabled(db, ctx.scope, operator, deviceId, disabled);
    if (disabled) access?.revoke(device.code, OfflineReason.DISABLED);
    else access?.admit(device.code);
    return null;
  };
  return [
    scopedRoute(disableDevice, (input, ctx) => setDisabled(input.deviceId, ctx, true)),
    scopedRoute(enableDevice, (input, ctx) => setDisabled(input.deviceId, ctx, false)),
  ];
}

import { OfflineReason, type SignInRefusalCode } from '@dcc/contract';
import { checkDeviceLogin, type DeviceCredentials } from '@dcc/protocol/device-signature';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SecretBox } from '../../modules/devices/index.ts';

export type DeviceSignInResult = { ok: true; deviceCode: string } | { ok: false; code: SignInRefusalCode };

/**
 * Checks a device's CONNECT against the registry (docs/device-protocol.md section 13). A deleted
 * device is simply unknown (6100); a disabled one is told so (522) only once its signature is
 * right, so that a stranger learns nothing about it. Rejects when the database cannot answer.
 */
export function deviceSignIn(db: Kysely<DB>, box: SecretBox, windowMs: number) {
  return async (credentials: Partial<DeviceCredentials>, nowMs = Date.now()): Promise<DeviceSignInResult> => {
    let disabled = false;
    const check = await checkDeviceLogin(credentials, {
      nowMs,
      windowMs,
      secretOf: async (deviceCode) => {
        const row = await db
          .selectFrom('devices')
          .select(['secret_box', 'disabled'])
          .where('device_code', '=', deviceCode)
          .executeTakeFirst();
        if (!row) return null;
        disabled = row.disabled;
        return box.open(row.secret_box);
      },
    });
    if (check.ok && disabled) return { ok: false, code: OfflineReason.DISABLED };
    return check;
  };
}

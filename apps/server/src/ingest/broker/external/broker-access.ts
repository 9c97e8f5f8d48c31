import { OfflineReason, type RevocationCode } from '@dcc/contract';
import type { EmqxApi } from './emqx-api.ts';
import type { RegistrySync } from './mosquitto-registry-sync.ts';

/** What an external broker is told of a change to a device's access. */
export interface ExternalBrokerAccess {
  /** The device's live connection ends now; it signs in again only with what the registry holds now. */
  revoke(deviceCode: string, code: RevocationCode): Promise<void>;
  /** The device may sign in (added, re-enabled). */
  admit(deviceCode: string): Promise<void>;
}

/**
 * The external broker is shared by every server instance, so the instance where the change was made
 * tells it, once: Mosquitto's dynamic security updates the client (deletes it for 521) and
 * disconnects it; EMQX kicks the client through its REST API (its auth hook refuses the old secret and
 * a disabled or deleted device from then on).
 */
export function externalBrokerAccess(registry: RegistrySync | null, emqx: EmqxApi | null): ExternalBrokerAccess {
  return {
    async revoke(deviceCode, code) {
      await Promise.all([
        code === OfflineReason.DELETED ? registry?.removeDevice(deviceCode) : registry?.revokeDevice(deviceCode),
        emqx?.kick(deviceCode),
      ]);
    },
    async admit(deviceCode) {
      await registry?.upsertDevice(deviceCode);
    },
  };
}

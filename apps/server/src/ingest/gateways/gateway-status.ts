import { OfflineReason } from '@dcc/contract';
import { parseGatewayChildStatus } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { childOffline, childOnline, gatewaysOfChildCodes, mayReportFor } from '../../modules/topology/index.ts';
import type { Presence } from '../presence/presence.ts';

/** What became of a gateway's status message: not about a child, applied, or about a device that is not its child (6401). */
export type GatewayStatusOutcome = 'notChildMessage' | 'applied' | typeof OfflineReason.TOPOLOGY_MISSING;

/**
 * A gateway's status message about a child (docs/device-protocol.md section 17), in either broker
 * mode: `child-online` brings the child online through the gateway, `child-offline` (its link to the
 * gateway lost) takes it offline with 1913, `child-error` (its session failed) with 520. Only a child
 * the topology puts under this gateway is touched.
 */
export function gatewayStatus(db: Kysely<DB>, presence: Presence) {
  return async (gatewayCode: string, payload: Buffer, at: Date): Promise<GatewayStatusOutcome> => {
    const said = parseGatewayChildStatus(payload);
    if (!said) return 'notChildMessage';
    const [row] = await gatewaysOfChildCodes(db, [said.childCode]);
    const right = mayReportFor(gatewayCode, said.childCode, () => row?.gateway);
    if (!right.ok || right.as !== 'child') return OfflineReason.TOPOLOGY_MISSING;
    if (said.event === 'online') await childOnline(presence, gatewayCode, said.childCode, at);
    else
      await childOffline(
        presence,
        gatewayCode,
        said.childCode,
        said.event === 'linkLost' ? OfflineReason.CHILD_OFFLINE : OfflineReason.CHILD_SESSION_ERROR,
        at,
      );
    return 'applied';
  };
}

export type GatewayStatusHandler = ReturnType<typeof gatewayStatus>;

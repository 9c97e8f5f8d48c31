import { parseGatewayChildStatus } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  CHILD_OFFLINE_CODE,
  childOffline,
  childOnline,
  gatewaysOfChildCodes,
  mayReportFor,
} from '../../modules/topology/index.ts';
import type { Presence } from '../presence/presence.ts';

/** Spec section 8: an error in a child's session with its gateway. */
export const CHILD_SESSION_ERROR_CODE = 520;

/** What became of a gateway's status message: not about a child, applied, or about a device that is not its child (6401). */
export type GatewayStatusOutcome = 'notChildMessage' | 'applied' | 6401;

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
    if (!right.ok || right.as !== 'child') return 6401;
    if (said.event === 'online') await childOnline(presence, gatewayCode, said.childCode, at);
    else
      await childOffline(
        presence,
        gatewayCode,
        said.childCode,
        said.event === 'linkLost' ? CHILD_OFFLINE_CODE : CHILD_SESSION_ERROR_CODE,
        at,
      );
    return 'applied';
  };
}

export type GatewayStatusHandler = ReturnType<typeof gatewayStatus>;

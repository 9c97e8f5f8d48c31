import { OfflineReason } from '@dcc/contract';

/** Pure checks of gateways and sub-devices, shared by the topology calls and the ingest. */

/** Who a gateway may report for: itself, and the children the topology puts under it. */
export type ReportRight =
  { ok: true; as: 'self' | 'child' } | { ok: false; code: typeof OfflineReason.TOPOLOGY_MISSING };

/**
 * Whether a frame that arrived on `gatewayCode`'s topic (dev/{gatewayCode}/up) may carry
 * `frameDeviceCode` (the IoT code inside the frame): its own code, or a child's. `childGateway`
 * answers the gateway code a child code is under (the ingest's cached topology).
 */
export function mayReportFor(
  gatewayCode: string,
  frameDeviceCode: string,
  childGateway: (childCode: string) => string | undefined,
): ReportRight {
  if (frameDeviceCode === gatewayCode) return { ok: true, as: 'self' };
  return childGateway(frameDeviceCode) === gatewayCode
    ? { ok: true, as: 'child' }
    : { ok: false, code: OfflineReason.TOPOLOGY_MISSING };
}

/** The presence connection id of a child that is online through its gateway. */
const CHILD_CONNECTION_PREFIX = 'gateway:';
export const childConnectionId = (gatewayCode: string): string => `${CHILD_CONNECTION_PREFIX}${gatewayCode}`;

/** The gateway a child is online through, read from its presence connection id; null for a device's own connection. */
export const gatewayOfConnection = (connectionId: string | null): string | null =>
  connectionId?.startsWith(CHILD_CONNECTION_PREFIX) ? connectionId.slice(CHILD_CONNECTION_PREFIX.length) : null;

import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from '../people/common.ts';
import { deviceStatusSchema } from '../../device-status.ts';

/**
 * Gateways and sub-devices (issue 10, B9406): a gateway (centralized controller) reports for its
 * children (docs/device-protocol.md "Gateways and sub-devices"). Both devices lie in the caller's
 * subtree. Refusals use the spec's codes: 6402 same device, 6419 child under another gateway,
 * 6401 no such topology on removal; 6592 a gateway cannot be a child nor a child a gateway.
 */
const gatewayId = idField('live.validation.gatewayId');
const childId = idField('live.validation.childId');
const gatewayAndChild = z.object({ gatewayId, childId }).strict();

export const deviceChild = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  status: deviceStatusSchema,
  connected: z.boolean(),
  offlineCode: z.number().int().nullable(),
});

export const addDeviceChild = defineCall({
  path: `${CLOUD_API}/device/topology/add`,
  description: 'Puts a device of the subtree under a gateway of the subtree.',
  auth: 'session',
  button: Button.DEVICE_TOPOLOGY,
  request: gatewayAndChild,
  response: z.null(),
});

export const removeDeviceChild = defineCall({
  path: `${CLOUD_API}/device/topology/remove`,
  description: 'Takes a child device off its gateway.',
  auth: 'session',
  button: Button.DEVICE_TOPOLOGY,
  request: gatewayAndChild,
  response: z.null(),
});

export const listDeviceChildren = defineCall({
  path: `${CLOUD_API}/device/topology/children`,
  description: 'The child devices of a gateway of the subtree.',
  auth: 'session',
  button: Button.DEVICE_TOPOLOGY,
  request: z.object({ gatewayId }).strict(),
  response: z.object({ list: z.array(deviceChild) }),
});

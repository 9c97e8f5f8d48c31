import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from '../people/common.ts';

/**
 * Allocation of a device to an end customer (deviceDetail > allocation to user): at most one customer
 * per device, both in the caller's subtree; a foreign device or customer answers like a missing one.
 */
const deviceId = idField('devices.validation.deviceId');

export const deviceCustomer = z.object({
  customerId: z.string(),
  userName: z.string(),
  phone: z.string(),
  allocatedAt: z.string(),
});
export type DeviceCustomer = z.infer<typeof deviceCustomer>;

export const getDeviceCustomer = defineCall({
  path: `${CLOUD_API}/device/customer`,
  description: 'The end customer a device of the subtree is allocated to, or null.',
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId }).strict(),
  response: z.object({ customer: deviceCustomer.nullable() }),
});

export const allocateDeviceCustomer = defineCall({
  path: `${CLOUD_API}/device/allocateCustomer`,
  description:
    "Allocates a device of the subtree to an end customer of the subtree, replacing any earlier one; customerId '' takes the allocation back.",
  auth: 'session',
  button: Button.DEVICE_MOVE,
  request: z
    .object({
      deviceId,
      customerId: z.union([z.literal(''), idField('people.validation.customerId')], {
        error: 'people.validation.customerId',
      }),
    })
    .strict(),
  response: z.object({ customer: deviceCustomer.nullable() }),
});

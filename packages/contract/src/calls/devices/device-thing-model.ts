import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { thingModel } from '../catalog/thing-model.ts';
import { idField } from '../people/common.ts';

/**
 * The published thing model of a thing-model device's product (thingModelDeviceDetail): its
 * properties, events and services, read with the device list's button B94 rather than the product
 * catalog's (a dealer who sees devices need not manage products). A foreign device answers like a missing one.
 */
export const getDeviceThingModel = defineCall({
  path: `${CLOUD_API}/device/thingModel`,
  description:
    'The published thing model of a device of the subtree (null for a protocol-point product or before the first publication).',
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId: idField('devices.validation.deviceId') }).strict(),
  response: z.object({ model: thingModel.nullable() }),
});

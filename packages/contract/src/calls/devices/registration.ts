import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from '../people/common.ts';
import { DEVICE_CODE_RULE } from './devices.ts';

/**
 * Dynamic registration per product (issue 10; docs/device-protocol.md "Dynamic registration"). A
 * device that knows its product key and product secret registers itself at DEVICE_REGISTER_PATH
 * (plain HTTP, not a console call) and receives its device secret once. The platform turns it on
 * per product and reveals or resets the product secret with the calls below (B150, level 0 only).
 */
export const DEVICE_REGISTER_PATH = '/device/register';

/** The body a device posts; sign = hex HMAC-SHA256(productSecret, productKey + deviceCode + random). */
export const deviceRegistrationRequest = z
  .object({
    productKey: z.string().min(1).max(64),
    deviceCode: z.string().refine((value) => DEVICE_CODE_RULE.test(value)),
    random: z.string().regex(/^[A-Za-z0-9]{8,64}$/),
    sign: z.string().regex(/^[0-9a-fA-F]{64}$/),
  })
  .strict();

const productId = idField('live.validation.productId');

export const setDynamicRegistration = defineCall({
  path: `${CLOUD_API}/product/dynamicRegistration`,
  description: 'Allows or stops devices of a product registering themselves with the product key and secret.',
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z.object({ productId, enabled: z.boolean({ error: 'validation.required' }) }).strict(),
  response: z.object({ productId: z.string(), dynamicRegistration: z.boolean() }),
});

export const revealProductSecret = defineCall({
  path: `${CLOUD_API}/product/secret`,
  description:
    'Answers the product secret devices sign their registration with (made on first use); reset makes a new one and the old stops working.',
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z.object({ productId, reset: z.boolean().default(false) }).strict(),
  response: z.object({ productId: z.string(), productSecret: z.string() }),
});

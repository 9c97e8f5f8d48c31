import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from '../people/common.ts';

/**
 * Disabling a device (issue 10, B9402): a disabled device is refused at sign-in (522) and a connected
 * one is dropped at once, going offline with 522; enabling lets it sign in again. Both are idempotent.
 */
const request = z.object({ deviceId: idField('devices.validation.deviceId') }).strict();

export const disableDevice = defineCall({
  path: `${CLOUD_API}/device/disable`,
  description: 'Disables a device of the subtree: refused at sign-in (522), dropped when connected.',
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  request,
  response: z.null(),
});

export const enableDevice = defineCall({
  path: `${CLOUD_API}/device/enable`,
  description: 'Enables a disabled device of the subtree again: it may sign in.',
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  request,
  response: z.null(),
});

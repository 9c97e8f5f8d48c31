import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from '../people/common.ts';

/**
 * Live device events (issue 10): the console asks for a one-time ticket with this call, then opens
 * `GET DEVICE_EVENTS_STREAM_PATH?ticket=...` as an EventSource (Server-Sent Events). The session id
 * never appears in a URL. Events: `status`, `values`, `fault` of devices of the subtree; `resync` when
 * the server may have missed events (its event bus reconnected: re-read what is shown); `end` when
 * the session ends (data: the error code, e.g. -100).
 */
export const DEVICE_EVENTS_STREAM_PATH = `${CLOUD_API}/device/events`;

export const openDeviceEvents = defineCall({
  path: `${CLOUD_API}/device/eventsTicket`,
  description:
    "A one-time ticket (valid for seconds) that opens a live stream of status, value and fault events of the subtree's devices, optionally only some.",
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      deviceIds: z
        .array(idField('live.validation.deviceIds'), { error: 'live.validation.deviceIds' })
        .max(100, 'live.validation.deviceIds')
        .optional(),
    })
    .strict(),
  response: z.object({ ticket: z.string(), expiresInSeconds: z.number().int(), streamPath: z.string() }),
});

import type { Locale } from '@dcc/contract';
import type { DeviceEvent } from '../../events/device-events.ts';
import { offlineTexts } from '../devices/index.ts';

/** The console-facing events: replies to commands stay with the command waiters. */
export type LiveEvent = Extract<DeviceEvent, { kind: 'status' | 'values' | 'fault' }>;

export const isLiveEvent = (event: DeviceEvent): event is LiveEvent =>
  event.kind === 'status' || event.kind === 'values' || event.kind === 'fault';

/** One Server-Sent Events message: the event kind as its name, the event (without the owner dealer) as JSON data. */
export function formatLiveEvent(event: LiveEvent, locale: Locale): string {
  const { dealerId: _owner, kind, ...data } = event;
  const extra =
    event.kind === 'status'
      ? event.status === 'OFFLINE'
        ? offlineTexts(event.code, locale)
        : { offlineReason: null, offlineCheckMethod: null }
      : {};
  return `event: ${kind}\ndata: ${JSON.stringify({ ...data, ...extra })}\n\n`;
}

/** The last message of a stream: why it ends (an error code such as -100 logged in elsewhere). */
export const formatEnd = (code: number, message: string): string =>
  `event: end\ndata: ${JSON.stringify({ code, message })}\n\n`;

export const HEARTBEAT = ': heartbeat\n\n';

/** The bus missed events for a while (docs/ARCHITECTURE.md "Event bus across instances"): the console re-reads what it shows. */
export const formatResync = (at: string): string => `event: resync\ndata: ${JSON.stringify({ at })}\n\n`;

import { formatLiveMessage, type Locale } from '@dcc/contract';
import type { DeviceEvent } from '../../events/device-events.ts';
import { offlineTexts } from '../devices/index.ts';

/** The console-facing events: replies to commands stay with the command waiters. */
export type LiveEvent = Extract<DeviceEvent, { kind: 'status' | 'values' | 'fault' | 'otaTask' }>;

export const isLiveEvent = (event: DeviceEvent): event is LiveEvent =>
  event.kind === 'status' || event.kind === 'values' || event.kind === 'fault' || event.kind === 'otaTask';

/** One Server-Sent Events message: the event kind as its name, the event (its schema leaves the owner dealer out) as JSON data. */
export function formatLiveEvent(event: LiveEvent, locale: Locale): string {
  switch (event.kind) {
    case 'status': {
      const texts =
        event.status === 'OFFLINE'
          ? offlineTexts(event.code, locale)
          : { offlineReason: null, offlineCheckMethod: null };
      return formatLiveMessage('status', { ...event, ...texts });
    }
    case 'values':
      return formatLiveMessage('values', event);
    case 'fault':
      return formatLiveMessage('fault', event);
    case 'otaTask':
      return formatLiveMessage('otaTask', event);
  }
}

export const HEARTBEAT = ': heartbeat\n\n';

/** The bus missed events for a while (docs/ARCHITECTURE.md "Event bus across instances"): the console re-reads what it shows. */
export const formatResync = (at: string): string => formatLiveMessage('resync', { at });

/** Devices of the subtree were added, activated, deleted or moved: the console re-reads its counts. */
export const formatCounts = (at: string): string => formatLiveMessage('counts', { at });

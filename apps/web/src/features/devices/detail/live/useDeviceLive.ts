import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, type Locale } from '@dcc/contract';
import { openLiveStream } from '../../../../api/liveStream.ts';
import { currentLocale } from '../../../../i18n/index.ts';
import { applyLiveEvent, type LiveEvent, type LiveEventKindShown } from './applyLiveEvent.ts';

export type LiveState = 'connecting' | 'live' | 'lost';

const KINDS: ReadonlyArray<LiveEventKindShown | 'resync'> = ['values', 'status', 'fault', 'resync'];

/**
 * Keeps the detail of one device live: opens the server's event stream for it (openLiveStream) and
 * applies every event to the cached answers. A dropped stream is opened again, re-reading everything
 * since events may have been missed meanwhile; a stream the server ends (the session ended) is not
 * reopened. A new language opens a new stream (its status events carry offline texts in the ticket's
 * language); an event of a stream in another language than the one shown (the old stream, until it is
 * closed) is dropped.
 */
export function useDeviceLive(deviceId: string, language: Locale): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (deviceId === '') return undefined;
    const apply = (event: LiveEvent) => applyLiveEvent(queryClient, deviceId, event);
    // Every message is read through the contract's schema; a malformed one is dropped, not applied.
    const listen = (kind: LiveEventKindShown | 'resync') => (data: string) => {
      if (currentLocale() !== language) return;
      const read = parseLiveMessage(kind, data);
      if (read.ok) apply(read.event);
      else if (import.meta.env.DEV) console.warn(`live event dropped: ${read.error}`);
    };
    return openLiveStream({
      deviceIds: [deviceId],
      language,
      on: Object.fromEntries(KINDS.map((kind) => [kind, listen(kind)])),
      onOpen: () => setState('live'),
      onLost: () => setState('lost'),
      onReopen: () => apply({ kind: 'resync' }),
      onEnd: () => setState('lost'),
    });
    // The language is read by the ticket call: a new one reopens the stream.
  }, [deviceId, queryClient, language]);
  return state;
}

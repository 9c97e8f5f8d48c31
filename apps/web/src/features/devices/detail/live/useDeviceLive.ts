import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openDeviceEvents, parseLiveMessage, type Locale } from '@dcc/contract';
import { call } from '../../../../api/client.ts';
import { currentLocale } from '../../../../i18n/index.ts';
import { applyLiveEvent, type LiveEvent, type LiveEventKindShown } from './applyLiveEvent.ts';

/** How long a lost stream waits before it asks for a new ticket. */
export const LIVE_RETRY_MS = 3000;
export type LiveState = 'connecting' | 'live' | 'lost';

/**
 * Keeps the detail of one device live: opens the server's event stream for it (a one-time ticket,
 * then an EventSource) and applies every event to the cached answers. A dropped stream is opened
 * again with a new ticket, re-reading everything since events may have been missed meanwhile; a
 * stream the server ends (the session ended) is not reopened. A new language opens a new stream
 * (its status events carry offline texts in the ticket's language); an event of a stream in another
 * language than the one shown (the old stream, until it is closed) is dropped.
 */
export function useDeviceLive(deviceId: string, language: Locale): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (deviceId === '') return undefined;
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const apply = (event: LiveEvent) => applyLiveEvent(queryClient, deviceId, event);
    // Every message is read through the contract's schema; a malformed one is dropped, not applied.
    const listen = (stream: EventSource, kind: LiveEventKindShown | 'resync') =>
      stream.addEventListener(kind, (message) => {
        if (currentLocale() !== language) return;
        const read = parseLiveMessage(kind, (message as MessageEvent<string>).data);
        if (read.ok) apply(read.event);
        else if (import.meta.env.DEV) console.warn(`live event dropped: ${read.error}`);
      });
    const reopenLater = () => {
      source?.close();
      source = null;
      if (stopped) return;
      setState('lost');
      retry = setTimeout(() => {
        apply({ kind: 'resync' });
        void open();
      }, LIVE_RETRY_MS);
    };
    const open = async () => {
      try {
        const { ticket, streamPath } = await call(openDeviceEvents, { deviceIds: [deviceId] }, { language });
        if (stopped) return;
        const stream = new EventSource(`${streamPath}?ticket=${encodeURIComponent(ticket)}`);
        source = stream;
        stream.onopen = () => setState('live');
        stream.onerror = reopenLater;
        listen(stream, 'values');
        listen(stream, 'status');
        listen(stream, 'fault');
        listen(stream, 'resync');
        stream.addEventListener('end', () => {
          stream.close();
          setState('lost');
        });
      } catch {
        reopenLater();
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
    // The language is read by the ticket call: a new one reopens the stream.
  }, [deviceId, queryClient, language]);
  return state;
}

import { useEffect, useRef, useState } from 'react';
import { openDeviceEvents, parseLiveMessage, type Locale } from '@dcc/contract';
import { call } from '../../../../api/client.ts';
import { currentLocale } from '../../../../i18n/index.ts';
import type { LiveEvent, LiveEventKindShown } from './applyLiveEvent.ts';

/** How long a lost stream waits before it asks for a new ticket. */
export const LIVE_RETRY_MS = 3000;
export type LiveState = 'connecting' | 'live' | 'lost';

/**
 * The server's event stream of some devices (a one-time ticket, then an EventSource), each event handed
 * to `onEvent`. A dropped stream is opened again with a new ticket after a 'resync' event (events may have
 * been missed meanwhile); a stream the server ends (the session ended) is not reopened. A new language
 * opens a new stream (its status events carry offline texts in the ticket's language); an event of a
 * stream in another language than the one shown (the old stream, until it is closed) is dropped.
 * No devices: no stream.
 */
export function useDeviceEvents(
  deviceIds: readonly string[],
  language: Locale,
  onEvent: (event: LiveEvent) => void,
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const devices = deviceIds.join(',');
  useEffect(() => {
    if (devices === '') return undefined;
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const apply = (event: LiveEvent) => handler.current(event);
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
        const { ticket, streamPath } = await call(openDeviceEvents, { deviceIds: devices.split(',') }, { language });
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
  }, [devices, language]);
  return state;
}

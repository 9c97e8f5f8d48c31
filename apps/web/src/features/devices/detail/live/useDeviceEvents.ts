import { useEffect, useRef, useState } from 'react';
import { parseLiveMessage, type Locale } from '@dcc/contract';
import { openLiveStream } from '../../../../api/liveStream.ts';
import { currentLocale } from '../../../../i18n/index.ts';
import type { LiveEvent, LiveEventKindShown } from './applyLiveEvent.ts';

export type LiveState = 'connecting' | 'live' | 'lost';

const KINDS: ReadonlyArray<LiveEventKindShown | 'resync'> = ['values', 'status', 'fault', 'resync'];

/**
 * The server's event stream of some devices (openLiveStream), each event handed to `onEvent`. A dropped
 * stream is opened again after a 'resync' event (events may have been missed meanwhile); a stream the
 * server ends (the session ended) is not reopened. A new language opens a new stream (its status events
 * carry offline texts in the ticket's language); an event of a stream in another language than the one
 * shown (the old stream, until it is closed) is dropped. No devices: no stream.
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
    const apply = (event: LiveEvent) => handler.current(event);
    // Every message is read through the contract's schema; a malformed one is dropped, not applied.
    const listen = (kind: LiveEventKindShown | 'resync') => (data: string) => {
      if (currentLocale() !== language) return;
      const read = parseLiveMessage(kind, data);
      if (read.ok) apply(read.event);
      else if (import.meta.env.DEV) console.warn(`live event dropped: ${read.error}`);
    };
    return openLiveStream({
      deviceIds: devices.split(','),
      language,
      on: Object.fromEntries(KINDS.map((kind) => [kind, listen(kind)])),
      onOpen: () => setState('live'),
      onLost: () => setState('lost'),
      onReopen: () => apply({ kind: 'resync' }),
      onEnd: () => setState('lost'),
    });
    // The language is read by the ticket call: a new one reopens the stream.
  }, [devices, language]);
  return state;
}

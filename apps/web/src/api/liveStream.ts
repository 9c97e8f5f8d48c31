import { openDeviceEvents, parseLiveMessage, type Locale } from '@dcc/contract';
import { call, endSessionOnCode } from './client.ts';

/** How long a lost stream waits before it asks for a new ticket. */
export const LIVE_RETRY_MS = 3000;

export interface LiveStreamOptions {
  /** Only these devices' events; all of the subtree's when left out. */
  deviceIds?: string[];
  /** The language of the events' texts (the ticket's). */
  language?: Locale;
  /** A handler per event name, given the message's data text. */
  on: Record<string, (data: string) => void>;
  onOpen?(): void;
  /** The stream dropped (or its ticket was refused): it is opened again after LIVE_RETRY_MS. */
  onLost?(): void;
  /** Just before a lost stream is opened again: events may have been missed meanwhile. */
  onReopen?(): void;
  /** The server ended the stream (the session ended, which ends the console's too, or lost the button): it is not opened again. */
  onEnd?(): void;
}

/**
 * Opens the server's live device event stream (a one-time ticket from openDeviceEvents, then an
 * EventSource) and keeps it open: a dropped stream is opened again with a new ticket. Answers the
 * function that closes it for good.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const reopenLater = () => {
    source?.close();
    source = null;
    if (stopped) return;
    options.onLost?.();
    retry = setTimeout(() => {
      options.onReopen?.();
      void open();
    }, LIVE_RETRY_MS);
  };
  const open = async () => {
    try {
      const request = options.deviceIds ? { deviceIds: options.deviceIds } : {};
      const { ticket, streamPath } = await call(openDeviceEvents, request, { language: options.language });
      if (stopped) return;
      const stream = new EventSource(`${streamPath}?ticket=${encodeURIComponent(ticket)}`);
      source = stream;
      stream.onopen = () => options.onOpen?.();
      stream.onerror = reopenLater;
      for (const [name, handle] of Object.entries(options.on))
        stream.addEventListener(name, (message) => handle((message as MessageEvent<string>).data));
      stream.addEventListener('end', (message) => {
        stream.close();
        const end = parseLiveMessage('end', (message as MessageEvent<string>).data);
        // Signed in elsewhere or signed out: told now, as the next call would be.
        if (end.ok) endSessionOnCode(end.event.data.code);
        options.onEnd?.();
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
}

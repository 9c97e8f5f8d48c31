import type { DeviceEvent, DeviceEvents } from '../../events/device-events.ts';

export type ReplyEvent = Extract<DeviceEvent, { kind: 'reply' }>;

/** Which reply answers a command: the device, the command's sequence number, the reply's function. */
export interface ReplyMatch {
  deviceCode: string;
  seq: number;
  function: 'setReply' | 'controlReply' | 'alinkReply';
}

export interface ReplyWait {
  /** The matching reply, or null when none came within the timeout. */
  reply: Promise<ReplyEvent | null>;
  /** Stops waiting (the command was never sent); the promise answers null. */
  cancel(): void;
}

/** Starts listening for a command's reply on the event bus: call it before sending, so that a fast reply is not missed. */
export function awaitReply(events: DeviceEvents, match: ReplyMatch, timeoutMs: number): ReplyWait {
  let settle!: (reply: ReplyEvent | null) => void;
  const reply = new Promise<ReplyEvent | null>((resolve) => {
    settle = resolve;
  });
  const finish = (answer: ReplyEvent | null) => {
    clearTimeout(timer);
    unsubscribe();
    settle(answer);
  };
  const unsubscribe = events.subscribe((event) => {
    if (
      event.kind === 'reply' &&
      event.deviceCode === match.deviceCode &&
      event.seq === match.seq &&
      event.function === match.function
    )
      finish(event);
  });
  const timer = setTimeout(() => finish(null), timeoutMs);
  return { reply, cancel: () => finish(null) };
}

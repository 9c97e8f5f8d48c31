import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@dcc/contract';
import i18n from '../i18n/index.ts';
import { getSession, startSession } from '../session/session.ts';
import { FakeEventSource } from '../testing/fakeEventSource.ts';
import { openLiveStream } from './liveStream.ts';
import { notify, setNotifier, type Notifier } from './notify.ts';
import { sessionRestarted } from './sessionEnd.ts';

const toasts: string[] = [];
let shownBefore: Notifier;

beforeEach(() => {
  toasts.length = 0;
  shownBefore = notify();
  setNotifier({ error: (text) => toasts.push(text), warning: (text) => toasts.push(text) });
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  const ticket = {
    error_code: 0,
    error_msg: '',
    objectResult: { ticket: 't', expiresInSeconds: 30, streamPath: '/e' },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(ticket))),
  );
  startSession('token-1', null);
  window.location.hash = '#/company';
});
afterEach(() => {
  setNotifier(shownBefore);
  sessionRestarted();
  vi.unstubAllGlobals();
});

async function openedStream(): Promise<{ stream: FakeEventSource; close: () => void }> {
  const close = openLiveStream({ on: {} });
  await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  return { stream: FakeEventSource.last!, close };
}

describe("the live stream's end", () => {
  it('ends the session with its message when the account signed in elsewhere, as a call answering -100 does', async () => {
    const { stream, close } = await openedStream();
    stream.send('end', JSON.stringify({ code: ErrorCode.LOGGED_IN_ELSEWHERE, message: 'elsewhere' }));
    expect(toasts).toEqual([i18n.t('error.loggedInElsewhere')]);
    expect(getSession().sessionid).toBeNull();
    expect(window.location.hash).toBe('#/login');
    close();
  });

  it('keeps the session when the stream ends for a button the account lost', async () => {
    const { stream, close } = await openedStream();
    stream.send('end', JSON.stringify({ code: ErrorCode.PERMISSION_DENIED, message: 'denied' }));
    expect(toasts).toEqual([]);
    expect(getSession().sessionid).toBe('token-1');
    expect(window.location.hash).toBe('#/company');
    close();
  });
});

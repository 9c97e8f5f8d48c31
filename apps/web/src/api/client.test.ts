import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, getDealersByUser, lockDevices, login, selectAllNotices } from '@dcc/contract';
// Type-only: the modules themselves are imported after the browser globals exist.
import type * as ClientModule from './client.ts';
import type * as SessionEndModule from './sessionEnd.ts';
import type * as SessionModule from '../session/session.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

// Browser globals the client and i18n read, given before they are imported.
vi.stubGlobal('sessionStorage', new MemoryStorage());
vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
vi.stubGlobal('window', { location: { hash: '' } });

let client: typeof ClientModule;
let session: typeof SessionModule;
let sessionEnd: typeof SessionEndModule;
const toasts: string[] = [];
const navigations: string[] = [];

const envelope = (error_code: number, objectResult: unknown, error_msg = '') => ({
  error_code,
  error_msg,
  objectResult,
});
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  client = await import('./client.ts');
  session = await import('../session/session.ts');
  sessionEnd = await import('./sessionEnd.ts');
  (await import('./notify.ts')).setNotifier({
    error: (text) => toasts.push(text),
    warning: (text) => toasts.push(text),
  });
  (await import('./navigation.ts')).setNavigate((path) => navigations.push(path));
});

beforeEach(() => {
  toasts.length = 0;
  navigations.length = 0;
  sessionStorage.clear();
  sessionEnd.sessionRestarted();
});

describe('the API client', () => {
  it('posts to the contract path with the language query and the context fields, and parses objectResult', async () => {
    session.startSession('token-1', null);
    session.setCompany({ dealersId: 'd-7', dealersName: 'East', level: 1 }, ['B80']);
    const fetchMock = vi.fn(async () => answer(envelope(0, [{ dealersId: 'd-7', dealersName: 'East', level: 1 }])));
    vi.stubGlobal('fetch', fetchMock);
    const companies = await client.call(getDealersByUser, {});
    expect(companies).toEqual([{ dealersId: 'd-7', dealersName: 'East', level: 1 }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${getDealersByUser.path}?language=en_US`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ sessionid: 'token-1', dealersId: 'd-7' });
  });

  it('toasts "An error occurred:" with the message for a non-zero code, unless the caller handles it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(envelope(ErrorCode.WRONG_PASSWORD, null, 'Password incorrect'))),
    );
    const body = { name: '13800000000', password: 'a'.repeat(32), loginSource: 'web' as const };
    await expect(client.call(login, body)).rejects.toMatchObject({ code: ErrorCode.WRONG_PASSWORD });
    expect(toasts).toEqual(['An error occurred: Password incorrect']);
    await expect(client.call(login, body, { quietCodes: [ErrorCode.WRONG_PASSWORD] })).rejects.toMatchObject({
      code: ErrorCode.WRONG_PASSWORD,
    });
    expect(toasts).toHaveLength(1);
  });

  it('shows a lost-update refusal (STALE_VERSION) as a warning with its reload message, unless the form shows it', async () => {
    const message = 'This record was changed by someone else in the meantime. Reload it and make your change again.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(envelope(ErrorCode.STALE_VERSION, null, message))),
    );
    await expect(client.call(getDealersByUser, {})).rejects.toMatchObject({ code: ErrorCode.STALE_VERSION, message });
    // The message itself (a warning), not 'An error occurred: ...'.
    expect(toasts).toEqual([message]);
    await expect(client.call(getDealersByUser, {}, { quietCodes: [ErrorCode.STALE_VERSION] })).rejects.toMatchObject({
      code: ErrorCode.STALE_VERSION,
    });
    expect(toasts).toHaveLength(1);
  });

  it("keeps the error envelope's objectResult on the error for callers that show its details", async () => {
    const refusal = {
      problems: [{ row: 3, column: 'Address', message: 'The point address is a whole number from 0 to 65535' }],
      problemCount: 1,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(envelope(ErrorCode.POINT_IMPORT_INVALID, refusal, 'refused'))),
    );
    await expect(
      client.call(getDealersByUser, {}, { quietCodes: [ErrorCode.POINT_IMPORT_INVALID] }),
    ).rejects.toMatchObject({ code: ErrorCode.POINT_IMPORT_INVALID, details: refusal });
    expect(toasts).toEqual([]);
  });

  it('ends the session once when concurrent calls answer -100, then goes to /login', async () => {
    session.startSession('token-2', null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(envelope(ErrorCode.LOGGED_IN_ELSEWHERE, null, 'elsewhere'))),
    );
    const request = { pageIndex: 1, pageSize: 999, noticeStatus: '' as const };
    const results = await Promise.allSettled([
      client.call(selectAllNotices, request),
      client.call(selectAllNotices, request),
      client.call(getDealersByUser, {}),
    ]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(toasts).toEqual(['Your account has been logged in on another device. Please log in again.']);
    expect(navigations).toEqual(['/login']);
    expect(sessionStorage.getItem('sessionid')).toBeNull();
  });

  it('ends the session once on HTTP 401', async () => {
    session.startSession('token-3', null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(envelope(401, null, 'expired'), 401)),
    );
    await Promise.allSettled([client.call(getDealersByUser, {}), client.call(getDealersByUser, {})]);
    expect(toasts).toEqual(['Your login has expired. Please log in again.']);
    expect(navigations).toEqual(['/login']);
  });

  it('ignores HTTP 404 without a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not here', { status: 404 })),
    );
    await expect(client.call(getDealersByUser, {})).rejects.toMatchObject({ code: 404 });
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('only logs network failures', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    await expect(client.call(getDealersByUser, {})).rejects.toMatchObject({ code: 0 });
    expect(toasts).toEqual([]);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('aborts a call after 5000 ms', async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = client.call(getDealersByUser, {});
    const outcome = expect(pending).rejects.toMatchObject({ code: 0 });
    await vi.advanceTimersByTimeAsync(client.REQUEST_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(toasts).toEqual([]);
    vi.useRealTimers();
    logged.mockRestore();
  });

  it('waits longer for a call that waits for devices (waitsForDevice) before aborting it', async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('aborted', 'AbortError'));
            });
            // The device answers after 9 s, as a command the server waited on would.
            setTimeout(() => resolve(answer(envelope(0, { results: [] }))), 9_000);
          }),
      ),
    );
    const pending = client.call(lockDevices, { deviceIds: ['1'] });
    await vi.advanceTimersByTimeAsync(client.REQUEST_TIMEOUT_MS + 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(9_000);
    await expect(pending).resolves.toEqual({ results: [] });
    expect(client.COMMAND_REQUEST_TIMEOUT_MS).toBeGreaterThan(10_000);
    vi.useRealTimers();
    logged.mockRestore();
  });

  it("takes the answer of a page's first call that the entry started (same URL and body) once, instead of asking again", async () => {
    session.startSession('token-3', null);
    const early = await import('./earlyCall.ts');
    const fetchMock = vi.fn(async () => answer(envelope(0, [{ dealersId: 'd-1', dealersName: 'West', level: 1 }])));
    vi.stubGlobal('fetch', fetchMock);
    const request = client.requestOf(getDealersByUser, {});
    early.startEarlyCall(request.url, request.body);
    expect(await client.call(getDealersByUser, {})).toEqual([{ dealersId: 'd-1', dealersName: 'West', level: 1 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once only: the next call asks again.
    await client.call(getDealersByUser, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Another request (here in another language) does not take it.
    early.startEarlyCall(request.url, request.body);
    await client.call(getDealersByUser, {}, { language: 'zh-CN' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect((fetchMock.mock.calls[3] as unknown as [string])[0]).toBe(`${getDealersByUser.path}?language=zh_CN`);
  });

  it("asks again itself when the entry's early call failed", async () => {
    const early = await import('./earlyCall.ts');
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('network down');
        return answer(envelope(0, []));
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const request = client.requestOf(getDealersByUser, {});
    early.startEarlyCall(request.url, request.body);
    expect(await client.call(getDealersByUser, {})).toEqual([]);
    expect(calls).toBe(2);
    logged.mockRestore();
  });
});

/** How long an early call's answer may stand in for the page's own call: the reload it was started for, no later. */
export const EARLY_CALL_TTL_MS = 10_000;
/** What an early call may take, as the page's own call (REQUEST_TIMEOUT_MS). */
const EARLY_CALL_TIMEOUT_MS = 5000;

interface EarlyCall {
  answer: Promise<Response>;
  startedAt: number;
}

// This module is part of the console's tiny entry (main.tsx): it imports nothing.
const started = new Map<string, EarlyCall>();
const keyOf = (url: string, body: string) => `${url}\n${body}`;

/**
 * Starts a page's first call from the console's tiny entry, on a reload, while the console's code is still
 * on its way; the page's own call of exactly the same request (URL and body) takes its answer (takeEarlyCall).
 */
export function startEarlyCall(url: string, body: string): void {
  const answer = fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    signal: AbortSignal.timeout(EARLY_CALL_TIMEOUT_MS),
  });
  // A failure is seen by the page's call, which then asks again itself.
  answer.catch(() => undefined);
  started.set(keyOf(url, body), { answer, startedAt: performance.now() });
}

/** The answer of an early call of exactly this request, once and only while fresh; none otherwise. */
export function takeEarlyCall(url: string, body: string): Promise<Response> | undefined {
  const key = keyOf(url, body);
  const early = started.get(key);
  started.delete(key);
  return early && performance.now() - early.startedAt < EARLY_CALL_TTL_MS ? early.answer : undefined;
}

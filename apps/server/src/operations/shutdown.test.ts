import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from './shutdown.ts';

const SIGNAL = 'SIGUSR2';
const log = { info: vi.fn(), error: vi.fn() };
afterEach(() => process.removeAllListeners(SIGNAL));

describe('stopOnSignals', () => {
  it('exits 0 once closed', async () => {
    const exit = vi.fn();
    stopOnSignals({ close: async () => undefined, log, timeoutMs: 60_000, exit, signals: [SIGNAL] });
    process.emit(SIGNAL, SIGNAL);
    await expect.poll(() => exit.mock.calls).toEqual([[0]]);
  });

  it('exits 1 when closing fails, does not finish in time, or a second signal comes', async () => {
    const failed = vi.fn();
    stopOnSignals({
      close: () => Promise.reject(new Error('x')),
      log,
      timeoutMs: 60_000,
      exit: failed,
      signals: [SIGNAL],
    });
    process.emit(SIGNAL, SIGNAL);
    await expect.poll(() => failed.mock.calls).toEqual([[1]]);
    process.removeAllListeners(SIGNAL);

    const late = vi.fn();
    stopOnSignals({ close: () => new Promise(() => undefined), log, timeoutMs: 1, exit: late, signals: [SIGNAL] });
    process.emit(SIGNAL, SIGNAL);
    await expect.poll(() => late.mock.calls).toEqual([[1]]);
    process.removeAllListeners(SIGNAL);

    const twice = vi.fn();
    stopOnSignals({
      close: () => new Promise(() => undefined),
      log,
      timeoutMs: 60_000,
      exit: twice,
      signals: [SIGNAL],
    });
    process.emit(SIGNAL, SIGNAL);
    process.emit(SIGNAL, SIGNAL);
    await expect.poll(() => twice.mock.calls).toEqual([[1]]);
  });
});

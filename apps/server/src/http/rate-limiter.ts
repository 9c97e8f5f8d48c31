/**
 * Counts hits per key in fixed one-minute windows, in memory. Enough for one instance; several
 * instances behind a load balancer would share a store (Redis) instead.
 */
export class MinuteRateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  #lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a hit; answers false when the key is over `perMinute` (0 turns the limit off). */
  hit(key: string, perMinute: number): boolean {
    if (perMinute <= 0) return true;
    const now = this.now();
    this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || now - window.start >= 60_000) {
      this.#windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= perMinute;
  }

  #sweep(now: number): void {
    if (now - this.#lastSweep < 60_000) return;
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (now - window.start >= 60_000) this.#windows.delete(key);
  }
}

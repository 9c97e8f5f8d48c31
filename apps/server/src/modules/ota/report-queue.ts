/** What the queue counted: reports dropped while full, and final ones kept beyond its capacity. */
export interface ReportQueueCounts {
  dropped: number;
  overCapacity: number;
}

export interface ReportQueueOptions<T> {
  /** Reports applied at once (database connections the queue may hold). */
  concurrency: number;
  /** Reports waiting at most; a progress report beyond it is dropped, a final one never. */
  capacity: number;
  /** A final report (success or failure): applied before waiting progress, never dropped. */
  isFinal(item: T): boolean;
  run(item: T): Promise<void>;
  /** Told of each report dropped (or kept over capacity), with the counts so far. */
  onFull(counts: ReportQueueCounts): void;
}

/**
 * The devices' OTA reports, applied a few at a time instead of all at once (a burst would queue on the database
 * pool, a device's success waiting behind hundreds of percentages). Final reports go before progress reports. When
 * full, an arriving progress report is dropped (the device's next report supersedes it); a final report takes the
 * place of the oldest waiting progress report, or is kept over capacity when none waits (at most one per open job).
 */
export class ReportQueue<T> {
  private readonly finals: T[] = [];
  private readonly progress: T[] = [];
  private running = 0;
  private idleWaiters: Array<() => void> = [];
  readonly counts: ReportQueueCounts = { dropped: 0, overCapacity: 0 };

  constructor(private readonly options: ReportQueueOptions<T>) {}

  get waiting(): number {
    return this.finals.length + this.progress.length;
  }

  push(item: T): void {
    const final = this.options.isFinal(item);
    if (this.waiting >= this.options.capacity) {
      if (!final) return this.full('dropped');
      if (this.progress.shift() !== undefined) this.full('dropped');
      else this.full('overCapacity');
    }
    (final ? this.finals : this.progress).push(item);
    this.next();
  }

  /** Settles once nothing waits or runs. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private full(what: keyof ReportQueueCounts): void {
    this.counts[what] += 1;
    this.options.onFull({ ...this.counts });
  }

  private next(): void {
    while (this.running < this.options.concurrency) {
      const item = this.finals.length > 0 ? this.finals.shift() : this.progress.shift();
      if (item === undefined) break;
      this.running += 1;
      void this.options
        .run(item)
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
    if (this.running === 0 && this.waiting === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/** What the queue counted: progress reports dropped while full, final ones kept beyond its capacity, progress superseded. */
export interface ReportQueueCounts {
  dropped: number;
  overCapacity: number;
  superseded: number;
}

export interface ReportQueueOptions<T> {
  /** Reports applied at once (database connections the queue may hold); progress reports leave one to final ones. */
  concurrency: number;
  /** Reports waiting at most; a progress report beyond it is dropped, a final one never. */
  capacity: number;
  /** A final report (success or failure): applied before waiting progress, never dropped. */
  isFinal(item: T): boolean;
  /** The job a report is about: a newer report of a job takes the place of its waiting progress report. */
  jobOf(item: T): string;
  /** Applies a report; its own failures are its to log (the queue goes on). */
  run(item: T): Promise<void>;
  /**
   * Applies the final reports waiting when a slot frees, together (at most finalsPerRun); without it, each goes
   * to run alone. Its own failures are its to log.
   */
  runFinals?(items: T[]): Promise<void>;
  finalsPerRun?: number;
  /** Told of each report dropped (or kept over capacity), with the counts so far. */
  onFull(counts: ReportQueueCounts): void;
}

/**
 * The devices' OTA reports, applied a few at a time instead of all at once (a burst would queue on the database
 * pool, a device's success waiting behind hundreds of percentages). Final reports go before progress reports, and
 * progress reports never take the last free slot. A job has at most one progress report waiting: a newer report of
 * the job takes its place (a report never moves a job back, so the older one would change nothing but its percent).
 * When full, an arriving progress report of another job is dropped (the device's next report supersedes it); a final
 * report takes the place of the oldest waiting progress report, or is kept over capacity when none waits (at most
 * one per open job). Final reports waiting together are applied together when runFinals is given.
 */
export class ReportQueue<T> {
  private readonly finals: T[] = [];
  /** Waiting progress reports by job, oldest job first. */
  private readonly progress = new Map<string, T>();
  private running = 0;
  private runningProgress = 0;
  private idleWaiters: Array<() => void> = [];
  readonly counts: ReportQueueCounts = { dropped: 0, overCapacity: 0, superseded: 0 };

  constructor(private readonly options: ReportQueueOptions<T>) {}

  get waiting(): number {
    return this.finals.length + this.progress.size;
  }

  push(item: T): void {
    const job = this.options.jobOf(item);
    const final = this.options.isFinal(item);
    if (this.progress.has(job)) {
      this.counts.superseded += 1;
      // In its place in the line: a job that reports often is not put back each time.
      if (!final) return void this.progress.set(job, item);
      this.progress.delete(job);
    }
    if (final) {
      if (this.waiting >= this.options.capacity) this.makeRoom();
      this.finals.push(item);
    } else if (this.waiting >= this.options.capacity) return this.full('dropped');
    else this.progress.set(job, item);
    this.next();
  }

  /** Settles once nothing waits or runs. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private makeRoom(): void {
    const oldest = this.progress.keys().next();
    if (oldest.done) return this.full('overCapacity');
    this.progress.delete(oldest.value);
    this.full('dropped');
  }

  private full(what: 'dropped' | 'overCapacity'): void {
    this.counts[what] += 1;
    this.options.onFull({ ...this.counts });
  }

  private take(): { run: () => Promise<void>; final: boolean } | undefined {
    const options = this.options;
    if (this.finals.length > 0) {
      if (!options.runFinals) {
        const item = this.finals.shift()!;
        return { run: () => options.run(item), final: true };
      }
      const items = this.finals.splice(0, options.finalsPerRun ?? Infinity);
      return { run: () => options.runFinals!(items), final: true };
    }
    if (this.runningProgress >= this.options.concurrency - 1 && this.options.concurrency > 1) return undefined;
    const oldest = this.progress.entries().next();
    if (oldest.done) return undefined;
    this.progress.delete(oldest.value[0]);
    const item = oldest.value[1];
    return { run: () => options.run(item), final: false };
  }

  private next(): void {
    while (this.running < this.options.concurrency) {
      const taken = this.take();
      if (!taken) break;
      this.running += 1;
      if (!taken.final) this.runningProgress += 1;
      void taken
        .run()
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          if (!taken.final) this.runningProgress -= 1;
          this.next();
        });
    }
    if (this.running === 0 && this.waiting === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

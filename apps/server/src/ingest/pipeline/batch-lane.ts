/** How a lane forms batches. */
export interface LaneSettings {
  /** Items handed to one write at most. */
  batchSize: number;
  /** How long the first queued item waits for a batch to fill (ms). */
  batchMs: number;
}

export interface BatchLane<T> {
  /** Queues an item; settles when the write of its batch did (rejects with the write's error). */
  push(item: T): Promise<void>;
  /** Items pushed and not yet settled: queued, or in the batch being written. */
  readonly queued: number;
  /** Writes everything queued, one batch after the other. */
  drain(): Promise<void>;
}

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * A queue that hands its items to `write` in batches (up to batchSize, or what came within batchMs),
 * one batch at a time and in the order they came: items of one lane are written strictly in order.
 * `onFailure` is told of a failed write before its items reject; `onSettled` after each batch settled.
 */
export function batchLane<T>(
  settings: LaneSettings,
  write: (items: T[]) => Promise<void>,
  onFailure: (error: unknown, count: number) => void,
  onSettled: () => void = () => undefined,
): BatchLane<T> {
  let queue: Pending<T>[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let inBatch = 0;

  const schedule = () => {
    if (writing || queue.length === 0) return;
    if (queue.length >= settings.batchSize) {
      writing = flush();
      return;
    }
    timer ??= setTimeout(() => {
      timer = null;
      if (!writing) writing = flush();
    }, settings.batchMs);
  };

  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue.slice(0, settings.batchSize);
    queue = queue.slice(batch.length);
    inBatch = batch.length;
    try {
      await write(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
    } catch (error) {
      onFailure(error, batch.length);
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const p of batch) p.reject(failure);
    } finally {
      inBatch = 0;
      writing = null;
      schedule();
      onSettled();
    }
  };

  return {
    push(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    get queued() {
      return queue.length + inBatch;
    },
    async drain() {
      while (writing || queue.length > 0) {
        if (!writing) writing = flush();
        await writing;
      }
    },
  };
}

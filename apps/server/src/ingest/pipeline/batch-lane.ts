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

interface Lane<T> {
  queue: Pending<T>[];
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  inBatch: number;
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
  return batchLanes(1, settings, write, onFailure, onSettled)[0]!;
}

/**
 * A write that took at least this long (or batchMs, if shorter) is not quick: the lanes then write apart.
 * Combining the lanes whatever their writes took doubled the PUBACK latency on a loaded machine
 * (docs/PERFORMANCE.md, issue 18 item 9, second round): they lose the overlap of their writes.
 */
const QUICK_WRITE_MS = 20;

/**
 * `count` lanes of disjoint items (the caller keeps each key in one lane), each ordered as batchLane's,
 * writing at the same time. While writes are quick (the last one took less than batchMs and 20 ms), a lane whose
 * batch is due takes along what the lanes not writing have queued, up to batchSize in all: below
 * capacity the lanes' batches would otherwise go out one after the other, each paying the fixed cost
 * of a write (a transaction's round trips) for a few items. A lane taken along is busy until that write
 * settled, so each lane's items stay in order. When writes take longer (a loaded database), the lanes
 * write apart, side by side, so that one lane's write overlaps the other's.
 */
export function batchLanes<T>(
  count: number,
  settings: LaneSettings,
  write: (items: T[]) => Promise<void>,
  onFailure: (error: unknown, count: number) => void,
  onSettled: () => void = () => undefined,
): BatchLane<T>[] {
  const lanes: Lane<T>[] = Array.from({ length: Math.max(1, count) }, () => ({
    queue: [],
    timer: null,
    writing: null,
    inBatch: 0,
  }));

  const schedule = (lane: Lane<T>) => {
    if (lane.writing || lane.queue.length === 0) return;
    if (lane.queue.length >= settings.batchSize) {
      flush(lane);
      return;
    }
    lane.timer ??= setTimeout(() => {
      lane.timer = null;
      if (!lane.writing) flush(lane);
    }, settings.batchMs);
  };

  // How long the last write took (ms): the lanes combine only while writes are quick.
  let lastWriteMs = 0;
  const quick = Math.min(settings.batchMs, QUICK_WRITE_MS);
  const flush = (lead: Lane<T>): Promise<void> => {
    const parts: Array<{ lane: Lane<T>; batch: Pending<T>[] }> = [];
    let room = settings.batchSize;
    const along = lastWriteMs < quick ? lanes.filter((l) => l !== lead && !l.writing && l.queue.length > 0) : [];
    for (const lane of [lead, ...along]) {
      if (room === 0) break;
      const batch = lane.queue.slice(0, room);
      if (batch.length === 0) continue;
      lane.queue = lane.queue.slice(batch.length);
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = null;
      lane.inBatch = batch.length;
      room -= batch.length;
      parts.push({ lane, batch });
    }
    const all = parts.length === 1 ? parts[0]!.batch : parts.flatMap((p) => p.batch);
    const written = (async () => {
      const started = performance.now();
      try {
        await write(all.map((p) => p.item));
        lastWriteMs = performance.now() - started;
        for (const p of all) p.resolve();
      } catch (error) {
        onFailure(error, all.length);
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const p of all) p.reject(failure);
      } finally {
        for (const { lane } of parts) {
          lane.inBatch = 0;
          lane.writing = null;
        }
        for (const { lane } of parts) schedule(lane);
        onSettled();
      }
    })();
    for (const { lane } of parts) lane.writing = written;
    return written;
  };

  return lanes.map((lane) => ({
    push(item) {
      return new Promise<void>((resolve, reject) => {
        lane.queue.push({ item, resolve, reject });
        schedule(lane);
      });
    },
    get queued() {
      return lane.queue.length + lane.inBatch;
    },
    async drain() {
      while (lane.writing || lane.queue.length > 0) {
        await (lane.writing ?? flush(lane));
      }
    },
  }));
}

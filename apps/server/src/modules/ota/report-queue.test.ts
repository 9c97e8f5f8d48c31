import { describe, expect, it } from 'vitest';
import { ReportQueue, type ReportQueueCounts } from './report-queue.ts';

type Report = { job: number; final: boolean; percent?: number };

/** A queue whose runs wait until the test lets them go, recording what ran and how many at once. */
function heldQueue(concurrency: number, capacity: number) {
  const started: Report[] = [];
  const release: Array<() => void> = [];
  const told: ReportQueueCounts[] = [];
  let running = 0;
  let most = 0;
  const queue = new ReportQueue<Report>({
    concurrency,
    capacity,
    isFinal: (r) => r.final,
    jobOf: (r) => String(r.job),
    run: (r) => {
      started.push(r);
      running += 1;
      most = Math.max(most, running);
      return new Promise<void>((resolve) =>
        release.push(() => {
          running -= 1;
          resolve();
        }),
      );
    },
    onFull: (counts) => told.push(counts),
  });
  const releaseAll = async () => {
    while (release.length > 0) {
      for (const go of release.splice(0)) go();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { queue, started, told, releaseAll, most: () => most };
}

const progress = (job: number, percent = 50): Report => ({ job, final: false, percent });
const final = (job: number): Report => ({ job, final: true });

describe('the OTA report queue', () => {
  it('runs at most its concurrency at once, final reports first, and leaves one slot to them', async () => {
    const { queue, started, releaseAll, most } = heldQueue(2, 100);
    for (let job = 1; job <= 10; job++) queue.push(progress(job));
    // Progress reports hold one of the two slots: the other is free for a final report.
    expect(started.map((r) => r.job)).toEqual([1]);
    queue.push(final(99));
    expect(started.map((r) => r.job)).toEqual([1, 99]);
    await releaseAll();
    await queue.idle();
    expect(most()).toBe(2);
    expect(started.map((r) => r.job)).toEqual([1, 99, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("keeps one waiting progress report per job: a newer report of the job takes the older one's place", async () => {
    const { queue, started, releaseAll } = heldQueue(1, 100);
    queue.push(progress(1));
    queue.push(progress(2, 10));
    queue.push(progress(3));
    queue.push(progress(2, 20));
    queue.push(progress(3, 90));
    queue.push(final(3));
    expect(queue.counts).toEqual({ dropped: 0, overCapacity: 0, superseded: 3 });
    await releaseAll();
    await queue.idle();
    expect(started).toEqual([progress(1), final(3), progress(2, 20)]);
  });

  it('when full drops progress reports and counts them, but never a final report', async () => {
    const { queue, started, told, releaseAll } = heldQueue(1, 3);
    for (let job = 1; job <= 4; job++) queue.push(progress(job));
    // 1 runs, 2-4 wait: the queue is full.
    queue.push(progress(5));
    expect(queue.counts).toEqual({ dropped: 1, overCapacity: 0, superseded: 0 });
    // A final report takes the place of the oldest waiting progress report (2).
    queue.push(final(6));
    expect(queue.counts).toEqual({ dropped: 2, overCapacity: 0, superseded: 0 });
    queue.push(final(7));
    queue.push(final(8));
    expect(queue.counts).toEqual({ dropped: 4, overCapacity: 0, superseded: 0 });
    // Only final reports wait: one more is kept over capacity rather than lost.
    queue.push(final(9));
    expect(queue.counts).toEqual({ dropped: 4, overCapacity: 1, superseded: 0 });
    expect(queue.waiting).toBe(4);
    expect(told.at(-1)).toEqual({ dropped: 4, overCapacity: 1, superseded: 0 });
    await releaseAll();
    await queue.idle();
    expect(started.map((r) => r.job)).toEqual([1, 6, 7, 8, 9]);
  });

  it('hands the final reports waiting when a slot frees to runFinals together, at most finalsPerRun', async () => {
    const turns: number[][] = [];
    const release: Array<() => void> = [];
    const queue = new ReportQueue<Report>({
      concurrency: 1,
      capacity: 100,
      isFinal: (r) => r.final,
      jobOf: (r) => String(r.job),
      run: () => Promise.reject(new Error('a final report goes to runFinals')),
      runFinals: (reports) => {
        turns.push(reports.map((r) => r.job));
        return new Promise<void>((resolve) => release.push(resolve));
      },
      finalsPerRun: 3,
      onFull: () => undefined,
    });
    for (let job = 1; job <= 6; job++) queue.push(final(job));
    expect(turns).toEqual([[1]]);
    while (release.length > 0) {
      release.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await queue.idle();
    expect(turns).toEqual([[1], [2, 3, 4], [5, 6]]);
  });
});

import { describe, expect, it } from 'vitest';
import { sleep, until } from '../../../test/until.ts';
import { batchLane, batchLanes } from './batch-lane.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('batch lane', () => {
  it('writes one batch at a time, in the order the items came, up to the batch size', async () => {
    const batches: number[][] = [];
    let writing = 0;
    let most = 0;
    const lane = batchLane(
      { batchSize: 3, batchMs: 5 },
      async (items: number[]) => {
        most = Math.max(most, ++writing);
        await tick();
        batches.push(items);
        writing--;
      },
      () => {},
    );
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => lane.push(n)));
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Math.max(...batches.map((b) => b.length))).toBe(3);
    expect(most).toBe(1);
  });

  it('rejects every item of a failed batch and goes on with the next', async () => {
    const failures: number[] = [];
    let calls = 0;
    const lane = batchLane(
      { batchSize: 2, batchMs: 1 },
      async () => {
        if (++calls === 1) throw new Error('database away');
      },
      (_error, count) => failures.push(count),
    );
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => lane.push(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(failures).toEqual([2]);
  });

  it('drains what is queued', async () => {
    const written: number[] = [];
    const lane = batchLane(
      { batchSize: 2, batchMs: 10_000 },
      async (items: number[]) => void written.push(...items),
      () => {},
    );
    const pending = [1, 2, 3].map((n) => lane.push(n));
    // Not settled: two in the batch being written, one waiting.
    expect(lane.queued).toBe(3);
    await lane.drain();
    await Promise.all(pending);
    expect(written).toEqual([1, 2, 3]);
    expect(lane.queued).toBe(0);
  });
});

describe('batch lanes', () => {
  it('a lane whose batch is due takes along what the idle lanes queued, up to the batch size', async () => {
    const batches: string[][] = [];
    const [a, b, c] = batchLanes(
      3,
      { batchSize: 4, batchMs: 5 },
      async (items: string[]) => void batches.push(items),
      () => {},
    );
    await Promise.all([a!.push('a1'), b!.push('b1'), a!.push('a2'), c!.push('c1'), c!.push('c2'), c!.push('c3')]);
    // One write for the four that fit (the due lane's first), then the rest of the lane that did not fit.
    expect(batches).toEqual([
      ['a1', 'a2', 'b1', 'c1'],
      ['c2', 'c3'],
    ]);
  });

  it('a lane that is writing is not taken along, and each lane stays in order', async () => {
    const batches: string[][] = [];
    let release = () => {};
    const [a, b] = batchLanes(
      2,
      { batchSize: 10, batchMs: 1 },
      async (items: string[]) => {
        batches.push(items);
        if (items.includes('b1')) await new Promise<void>((resolve) => (release = resolve));
      },
      () => {},
    );
    const first = b!.push('b1');
    await until(() => batches.length === 1);
    // b is writing: a's batch goes alone, and b's next item waits for b's write.
    const more = [a!.push('a1'), b!.push('b2')];
    await more[0];
    expect(batches).toEqual([['b1'], ['a1']]);
    release();
    await Promise.all([first, ...more]);
    expect(batches).toEqual([['b1'], ['a1'], ['b2']]);
  });
  it('once a write took longer than batchMs, the lanes write apart (side by side)', async () => {
    const batches: string[][] = [];
    const [a, b] = batchLanes(
      2,
      { batchSize: 10, batchMs: 1 },
      async (items: string[]) => {
        batches.push(items);
        // The slow write is the input under test (a write longer than batchMs), not a wait for a condition.
        if (items.includes('a1')) await sleep(20);
      },
      () => {},
    );
    await a!.push('a1');
    await Promise.all([a!.push('a2'), b!.push('b1')]);
    expect(batches).toEqual([['a1'], ['a2'], ['b1']]);
  });
});

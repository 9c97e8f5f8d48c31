import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { linkCounters } from './link-counters.ts';

describe('link refusal counters', () => {
  it('counts per device and per reason, and logs each device and reason at most once a minute with the count, never a stack', () => {
    let now = 0;
    const lines: unknown[] = [];
    const log = { warn: (fields: unknown) => lines.push(fields) } as unknown as FastifyBaseLogger;
    const counters = linkCounters(log, () => now);
    for (let i = 0; i < 5; i += 1) counters.count('HP0001', 6287);
    counters.count('HP0001', 'publish-forbidden');
    counters.count('HP0002', 6287);
    expect(counters.ofDevice('HP0001')).toEqual({ 6287: 5, 'publish-forbidden': 1 });
    expect(counters.byReason()).toEqual({ 6287: 6, 'publish-forbidden': 1 });
    expect(lines).toHaveLength(3);
    now += 60_000;
    counters.count('HP0001', 6287);
    expect(lines.at(-1)).toEqual({ deviceCode: 'HP0001', reason: '6287', count: 5 });
    counters.count('HP0002', 'store-failed', 'the ingest pipeline is closed');
    expect(lines.at(-1)).toEqual({
      deviceCode: 'HP0002',
      reason: 'store-failed',
      count: 1,
      detail: 'the ingest pipeline is closed',
    });
    expect(JSON.stringify(lines)).not.toContain('    at ');
  });
});

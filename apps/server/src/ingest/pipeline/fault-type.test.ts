import { describe, expect, it } from 'vitest';
import { faultTypeOf } from '@dcc/contract';
import { signalOf } from './pipeline-decode.ts';

describe('fault report type and signal level', () => {
  it('maps fault levels 0-3 to statistics, light, light, heavy', () => {
    expect([0, 1, 2, 3].map(faultTypeOf)).toEqual(['statistics', 'light', 'light', 'heavy']);
  });

  it('maps dBm to strong from -70, moderate from -85, weak below, none for -128 (unknown)', () => {
    expect([-50, -70, -71, -85, -86, -127, -128].map(signalOf)).toEqual([
      'strong',
      'strong',
      'moderate',
      'moderate',
      'weak',
      'weak',
      null,
    ]);
  });
});

import { getDevice, lockDevices } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { commandRoute } from './command-route.ts';

describe('commandRoute', () => {
  it('takes a call marked waitsForDevice and refuses one without the mark', () => {
    expect(commandRoute(lockDevices, async () => ({ results: [] })).call).toBe(lockDevices);
    expect(() =>
      commandRoute(getDevice, async () => {
        throw new Error('never called');
      }),
    ).toThrow('mark it waitsForDevice');
  });
});

import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointValue } from '@dcc/contract';
import { deviceValuesKey } from '../deviceKeys.ts';
import { useDeviceLive } from './useDeviceLive.ts';
import { FakeEventSource } from '../../../../testing/fakeEventSource.ts';

vi.mock('../../../../api/client.ts', () => ({
  call: vi.fn(async () => ({ ticket: 't', expiresInSeconds: 30, streamPath: '/events' })),
}));

const point = (address: number, value: number | null) => ({ address, value, reportedAt: null }) as PointValue;

beforeEach(() => {
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useDeviceLive', () => {
  it('applies the events the contract reads, and drops a malformed one with a warning instead of failing', async () => {
    const client = new QueryClient();
    client.setQueryData(deviceValuesKey('d1'), { dataList: [point(11, 2)] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useDeviceLive('d1', 'en-US'), { wrapper });
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const stream = FakeEventSource.last!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      stream.send('values', 'not json');
      stream.send('values', JSON.stringify({ deviceId: 'd1', values: [{ address: 11, value: 'x' }], at: 'now' }));
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[1]![0])).toMatch(/^live event dropped: values/);
    } finally {
      warn.mockRestore();
    }
    const cached = () => client.getQueryData<{ dataList: PointValue[] }>(deviceValuesKey('d1'))!.dataList[0]!;
    expect(cached().value).toBe(2);
    stream.send(
      'values',
      JSON.stringify({
        deviceId: 'd1',
        deviceCode: 'C1',
        values: [{ address: 11, value: 42 }],
        at: '2026-11-24T10:00:00Z',
      }),
    );
    expect(cached()).toMatchObject({ value: 42, reportedAt: '2026-11-24T10:00:00Z' });
  });
});

import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ota2ListDevices, type CallDef, type OtaDevice } from '@dcc/contract';
import i18n from '../../i18n/index.ts';
import { loadPageAreas } from '../../i18n/pageAreas.ts';
import { DevicePicker } from './DevicePicker.tsx';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ call }));

/** 250 devices of the subtree, served page by page and searched by part of the code, as the server does. */
const DEVICES = Array.from({ length: 250 }, (_, k) => ({
  deviceId: String(k + 1),
  deviceCode: `C-${String(k).padStart(3, '0')}`,
  softwareVersion: '1.0.0',
})) as OtaDevice[];

beforeAll(() => loadPageAreas(['otaTasks']));
afterEach(() => {
  cleanup();
  call.mockReset();
});

describe('the OTA task device picker', () => {
  it("asks the server for the firmware product's devices page by page as the list scrolls, and searches there", async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const asked: Array<{ deviceCode: string; pageIndex: number; productId: string }> = [];
    call.mockImplementation(
      async (entry: CallDef, body: { deviceCode: string; pageIndex: number; pageSize: number; productId: string }) => {
        expect(entry).toBe(ota2ListDevices);
        asked.push({ deviceCode: body.deviceCode, pageIndex: body.pageIndex, productId: body.productId });
        const found = DEVICES.filter((d) => d.deviceCode.includes(body.deviceCode));
        const from = (body.pageIndex - 1) * body.pageSize;
        return { list: found.slice(from, from + body.pageSize), totalSize: found.length };
      },
    );
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <DevicePicker generation="second" productId="7" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked).toEqual([{ deviceCode: '', pageIndex: 1, productId: '7' }]));
    await waitFor(() => expect(container.textContent).toContain('50 of 250'));
    fireEvent.mouseDown(container.querySelector('input')!);
    const list = await waitFor(() => {
      const holder = document.querySelector('.ant-select-dropdown-list-holder');
      expect(holder).not.toBeNull();
      return holder as HTMLElement;
    });
    Object.defineProperty(list, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(list, 'clientHeight', { value: 256, configurable: true });
    list.scrollTop = 744;
    fireEvent.scroll(list);
    await waitFor(() => expect(asked.at(-1)).toEqual({ deviceCode: '', pageIndex: 2, productId: '7' }));
    fireEvent.change(container.querySelector('input')!, { target: { value: '24' } });
    await waitFor(() => expect(asked.at(-1)).toEqual({ deviceCode: '24', pageIndex: 1, productId: '7' }));
  });
});

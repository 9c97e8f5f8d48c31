import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeFrameCall, protocolOptions, type CallDef } from '@dcc/contract';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import FrameInspectorPage from './FrameInspectorPage.tsx';

/** The sample frame's module loads on demand (slowly on a busy machine): decoding waits until the sample is in the form. */

const SAMPLE_HEX = 'AA 55 01';
const call = vi.hoisted(() => vi.fn());
const sampleLoaded = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release: () => release() };
});
vi.mock('../../../api/client.ts', () => ({ call }));
vi.mock('./sampleFrame.ts', async () => {
  await sampleLoaded.gate;
  return { demoReportHex: () => SAMPLE_HEX };
});

beforeAll(() => loadPageAreas(['protocols']));
afterEach(cleanup);

describe('the frame inspector sample', () => {
  it('cannot be decoded before the sample is in the form, then decodes it', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const decoded: unknown[] = [];
    call.mockImplementation(async (entry: CallDef, body: unknown) => {
      if (entry === protocolOptions)
        return [{ id: '7', name: 'Heat pump', code: 'HP-STD', versions: [{ id: '70', name: 'V1.0' }] }];
      expect(entry).toBe(decodeFrameCall);
      decoded.push(body);
      return new Promise(() => undefined);
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <FrameInspectorPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('frame-sample'));
    const decode = screen.getByTestId('frame-decode');
    await waitFor(() => expect(decode.hasAttribute('disabled')).toBe(true));
    fireEvent.click(decode);
    sampleLoaded.release();
    await waitFor(() => expect(decode.hasAttribute('disabled')).toBe(false));
    expect((screen.getByTestId('frame-hex-input') as HTMLTextAreaElement).value).toBe(SAMPLE_HEX);
    expect(decoded).toEqual([]);
    fireEvent.click(decode);
    await waitFor(() => expect(decoded).toEqual([{ versionId: '70', hex: SAMPLE_HEX }]));
  });
});

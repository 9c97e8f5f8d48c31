import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameDecodeAnswer } from '@dcc/contract';
import i18n from '../../../../i18n/index.ts';
import { loadPageAreas } from '../../../../i18n/pageAreas.ts';
import { PacketDetail } from './PacketDetail.tsx';

/** A packet whose raw bytes were withheld (a reader without the vendor parameter button) still shows its decoded rows, with a note. */

const decoded: FrameDecodeAnswer = {
  ok: true,
  error: '',
  errorCode: '',
  frame: {
    head: 'AA55',
    protocolVersion: 1,
    functionCode: '01',
    functionName: 'Report',
    sequence: 7,
    deviceCode: 'HP1',
    crc: '1234',
    crcExpected: '1234',
    crcOk: true,
    byteCount: 40,
  },
  rows: [
    {
      address: 3,
      pointCode: 'setHot',
      pointName: 'Hot-water setpoint',
      raw: '0037',
      value: 55,
      display: '55 °C',
      unit: '°C',
      description: '',
      faults: [],
      error: false,
    },
  ],
};

beforeAll(async () => {
  await loadPageAreas(['deviceDetail']);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('PacketDetail', () => {
  it('shows the raw bytes when given', () => {
    render(<PacketDetail decoded={decoded} hex="aa5501" />);
    expect(screen.getByText('aa5501')).toBeTruthy();
    expect(screen.queryByTestId('packet-hex-withheld')).toBeNull();
  });

  it('says why the raw bytes are not shown, in both languages, and still lists the decoded rows', async () => {
    render(<PacketDetail decoded={decoded} hex={null} />);
    expect(screen.getByTestId('packet-hex-withheld').textContent).toContain('vendor parameter permission');
    expect(screen.getByText('55 °C')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('packet-hex-withheld').textContent).toContain('厂家参数权限');
  });
});

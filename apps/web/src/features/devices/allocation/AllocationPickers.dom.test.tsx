import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Button } from '@dcc/contract';
import { FeedbackProvider } from '../../../app/feedback.tsx';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { clearSession, setCompany } from '../../../session/session.ts';
import { AllocationTab } from '../detail/info/AllocationTab.tsx';
import { deviceDetailKey, deviceKey } from '../detail/deviceKeys.ts';
import { MoveDevicesModal } from '../list/MoveDevicesModal.tsx';

/**
 * A member holding the device move button (B9404) but neither dealer nor customer management picks
 * where devices go from the allocation pickers (device/moveTargets, device/customerTargets), and is
 * offered its own company to take devices back from a sub-dealer.
 */

beforeAll(() => loadPageAreas(['list', 'organization', 'dealers', 'devices', 'deviceDetail']));
afterEach(() => {
  cleanup();
  clearSession();
});

const MOVE_TARGETS = [
  { dealersId: '1', dealersName: 'Test Company', dealersCode: 'TC' },
  { dealersId: '2', dealersName: 'North', dealersCode: 'N-1' },
  { dealersId: '3', dealersName: 'North Hill', dealersCode: 'N-11' },
];

function renderAsMover(children: ReactNode) {
  setCompany({ dealersId: '1', dealersName: 'Test Company', level: 1 }, [
    Button.DEVICE_MANAGE,
    Button.DEVICES,
    Button.DEVICE_MOVE,
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What the pickers would ask the server for, answered beforehand.
  queryClient.setQueryData(['device', 'moveTargets', ''], { list: MOVE_TARGETS });
  queryClient.setQueryData(['device', 'customerTargets', ''], {
    list: [{ customerId: '70', userName: 'Zhang San', phone: '13900000001' }],
  });
  // A device of the sub-dealer North Hill, allocated to no customer.
  queryClient.setQueryData(deviceKey('500'), {
    deviceId: '500',
    deviceCode: 'D-500',
    ownerDealerId: '3',
    ownerDealerName: 'North Hill',
    ownerDealerCode: 'N-11',
  });
  queryClient.setQueryData([...deviceDetailKey('500'), 'customer'], { customer: null });
  render(
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </QueryClientProvider>,
  );
}

/** The option texts of the antd select with this test id, once opened. */
async function optionsOf(testId: string): Promise<string[]> {
  const select = screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId);
  await act(async () => void fireEvent.mouseDown(select.querySelector('input') ?? select));
  return waitFor(() => {
    const texts = [
      ...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ].map((node) => node.textContent ?? '');
    if (texts.length === 0) throw new Error(`no options in ${testId}`);
    return texts;
  });
}

describe('the allocation pickers for a member with the move button only', () => {
  it('offer the own company first in the list move, then the subtree', async () => {
    renderAsMover(<MoveDevicesModal open deviceIds={['500']} onClose={() => undefined} />);
    expect(await optionsOf('move-dealer')).toEqual([
      'Test Company (current company)',
      'North (N-1)',
      'North Hill (N-11)',
    ]);
  });

  it("offer, in a device's allocation tab, every dealer but the owner (the own company included) and the customers of the subtree", async () => {
    renderAsMover(<AllocationTab deviceId="500" />);
    expect(await optionsOf('device-move-target')).toEqual(['Test Company (current company)', 'North (N-1)']);
    cleanup();
    renderAsMover(<AllocationTab deviceId="500" />);
    expect(await optionsOf('device-customer-target')).toEqual(['Zhang San (13900000001)']);
  });
});

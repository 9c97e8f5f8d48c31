import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Button, type ButtonId } from '@dcc/contract';
import { FeedbackProvider } from '../../../app/feedback.tsx';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { clearSession, setCompany } from '../../../session/session.ts';
import { BatchActions } from './BatchActions.tsx';

/** The list's batch buttons show only for the calls the company may make (the server refuses the others anyway). */

const BATCH_BUTTONS = ['batch-move', 'batch-follow', 'batch-unfollow', 'batch-lock', 'batch-unlock', 'batch-delete'];

beforeAll(() => loadPageAreas(['list', 'organization', 'dealers', 'devices']));
afterEach(() => {
  cleanup();
  clearSession();
});

function renderWith(buttons: readonly ButtonId[]) {
  setCompany({ dealersId: '1', dealersName: 'Test Company', level: 1 }, buttons);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <BatchActions selected={[]} onCleared={() => undefined} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return BATCH_BUTTONS.filter((testId) => screen.queryByTestId(testId) !== null);
}

describe('the batch actions of the device list', () => {
  it('shows only delete to a company that may only list devices (delete needs the list button alone)', () => {
    expect(renderWith([Button.DEVICE_MANAGE, Button.DEVICES])).toEqual(['batch-delete']);
  });

  it('shows follow with the favourites button, lock with the activate button, move with the move button (its picker needs no dealer-list button)', () => {
    expect(renderWith([Button.DEVICE_MANAGE, Button.COLLECTIONS])).toEqual(['batch-follow', 'batch-unfollow']);
    cleanup();
    expect(renderWith([Button.DEVICE_ACTIVATE])).toEqual(['batch-lock', 'batch-unlock']);
    cleanup();
    expect(renderWith([Button.DEVICE_MOVE])).toEqual(['batch-move']);
  });

  it('disables every action while nothing is selected', () => {
    renderWith([Button.DEVICES, Button.COLLECTIONS, Button.DEVICE_ACTIVATE, Button.DEVICE_MOVE]);
    for (const testId of BATCH_BUTTONS)
      expect(screen.getByTestId(testId).closest('button')?.disabled, testId).toBe(true);
  });
});

import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackProvider, useFeedback } from './feedback.tsx';

function AskTwice() {
  const { modal } = useFeedback();
  const ask = () => {
    modal.confirm({ title: 'First question' });
    modal.warning({ title: 'Second notice' });
  };
  return <button onClick={ask}>ask</button>;
}

afterEach(cleanup);

describe('the feedback dialogs (antd Modal loaded on first use)', () => {
  it('shows no dialog until one is asked for', () => {
    render(
      <FeedbackProvider>
        <AskTwice />
      </FeedbackProvider>,
    );
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('opens every dialog asked for before the Modal code arrived, each exactly once, under StrictMode', async () => {
    render(
      <StrictMode>
        <FeedbackProvider>
          <AskTwice />
        </FeedbackProvider>
      </StrictMode>,
    );
    fireEvent.click(screen.getByText('ask'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-warning')).toHaveLength(1));
    expect(document.querySelectorAll('.ant-modal-confirm-confirm')).toHaveLength(1);
    expect(screen.getAllByText('Second notice').length).toBeGreaterThan(0);
    expect(screen.getAllByText('First question').length).toBeGreaterThan(0);
  });

  it('opens later dialogs too, once the Modal code is there', async () => {
    render(
      <FeedbackProvider>
        <AskTwice />
      </FeedbackProvider>,
    );
    fireEvent.click(screen.getByText('ask'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-confirm')).toHaveLength(1));
    fireEvent.click(screen.getByText('ask'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-confirm')).toHaveLength(2));
  });
});

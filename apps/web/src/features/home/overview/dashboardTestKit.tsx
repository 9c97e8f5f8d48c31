import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { ButtonId, CallDef } from '@dcc/contract';
import { FeedbackProvider } from '../../../app/feedback.tsx';
import { setCompany } from '../../../session/session.ts';
import HomeOverviewPage from './index.tsx';

/** Answers of the mocked client by call path; a function answers from the request. */
export const answers = new Map<string, unknown>();
/** Every call the page made: its path and request. */
export const calls: Array<{ path: string; request: Record<string, unknown> }> = [];

/** The api client's `call`, answering from `answers` (tests mock the client module with it). */
export const fakeCall = vi.fn(async (def: CallDef, request: Record<string, unknown>) => {
  calls.push({ path: def.path, request });
  const answer = answers.get(def.path);
  if (answer === undefined) throw new Error(`no answer for ${def.path}`);
  return typeof answer === 'function' ? (answer as (r: Record<string, unknown>) => unknown)(request) : answer;
});

/** Renders the home page for a level-1 company holding exactly `buttons`. */
export function renderHome(buttons: readonly ButtonId[]) {
  setCompany({ dealersId: '1', dealersName: 'Test Company', level: 1 }, buttons);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <MemoryRouter initialEntries={['/company']}>
          <HomeOverviewPage />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

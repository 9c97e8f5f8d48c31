import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { currentLocale } from '../i18n/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { queryClient } from './queryClient.ts';

/** An answer the server words in the reader's language (as a province or product name is), under a key without it. */
function WordedAnswer() {
  const answer = useQuery({
    queryKey: ['province', '310000'],
    queryFn: async () => (currentLocale() === 'zh-CN' ? '上海' : 'Shanghai'),
  });
  return <span data-testid="worded">{answer.data ?? ''}</span>;
}

afterEach(async () => {
  cleanup();
  queryClient.clear();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('a language switch', () => {
  it('reads again every answer on screen, so nothing worded in the language just left stays shown', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    render(
      <AppProviders>
        <WordedAnswer />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('worded').textContent).toBe('Shanghai'));
    await act(() => i18n.changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByTestId('worded').textContent).toBe('上海'));
  });
});

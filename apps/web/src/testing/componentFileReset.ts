import { afterAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { queryClient } from '../app/queryClient.ts';
import i18n from '../i18n/index.ts';
import { initialLanguage } from '../i18n/language.ts';
import { clearSession } from '../session/session.ts';

/**
 * The shared component project's setup file (project web in vitest.config.ts). Its files share one module graph per
 * worker (isolate: false), so what a file leaves in the console's module state must not reach the next file: after
 * each file nothing stays rendered, storage and the session snapshot are empty, the one query cache is empty, the
 * language is the one a first visit starts in. The clock, stubbed globals, environment variables and spies are put
 * back by the unit project's reset (scripts/unit-file-reset.ts), the setup file before this one.
 */
afterAll(async () => {
  cleanup();
  queryClient.clear();
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage(initialLanguage());
});

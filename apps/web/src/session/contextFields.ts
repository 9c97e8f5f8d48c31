import type { CONTEXT_FIELDS } from '@dcc/contract';
import { SessionKey } from './storageKeys.ts';

// Read from session storage, which the session (session.ts) is kept in: the console's tiny entry (main.tsx) sends
// them too, in a page's first call on a reload, and imports nothing of the console (no React).

/** The context fields (sessionid, dealersId, pattern) added to every body. */
export function contextFields(): Record<(typeof CONTEXT_FIELDS)[number], string | undefined> {
  const pattern = sessionStorage.getItem(SessionKey.PATTERN);
  return {
    sessionid: sessionStorage.getItem(SessionKey.SESSION_ID) ?? undefined,
    dealersId: sessionStorage.getItem(SessionKey.DEALERS_ID) ?? undefined,
    pattern: pattern === 'D' ? pattern : undefined,
  };
}

import { ErrorCode, formatLiveMessage, translate, type Locale } from '@dcc/contract';
import type { SessionLookup } from '../../auth/session-repo.ts';

/** Why a stream ends: its session was replaced or ended, or its company left the reader's reach. */
export type StreamEnd =
  typeof ErrorCode.LOGGED_IN_ELSEWHERE | typeof ErrorCode.SESSION_EXPIRED | typeof ErrorCode.PERMISSION_DENIED;

const END_MESSAGES = {
  [ErrorCode.LOGGED_IN_ELSEWHERE]: 'error.loggedInElsewhere',
  [ErrorCode.SESSION_EXPIRED]: 'error.sessionExpired',
  [ErrorCode.PERMISSION_DENIED]: 'error.permissionDenied',
} as const;

/** The end a session's state calls for; null while the session lives. */
export function endOfSession(lookup: SessionLookup): StreamEnd | null {
  if (lookup.state === 'replaced') return ErrorCode.LOGGED_IN_ELSEWHERE;
  return lookup.state === 'expired' ? ErrorCode.SESSION_EXPIRED : null;
}

/** The last message of a stream, in the reader's language: why it ends (-100 logged in elsewhere, for one). */
export const formatEnd = (code: StreamEnd, locale: Locale): string =>
  formatLiveMessage('end', { code, message: translate(locale, END_MESSAGES[code]) });

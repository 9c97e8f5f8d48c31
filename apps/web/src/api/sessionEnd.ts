import { clearSession } from '../session/session.ts';
import { navigateTo } from './navigation.ts';
import { notify } from './notify.ts';

const listeners = new Set<() => void>();
let ending = false;

/** Runs `listener` whenever a session is ended by the server or by a platform error. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Ends the session once: concurrent failures (several calls answering -100 or 401 together)
 * show the message a single time, then session storage is cleared and the login page opens.
 */
export function endSession(message: string): void {
  if (ending) return;
  ending = true;
  notify().warning(message);
  clearSession();
  for (const listener of listeners) listener();
  navigateTo('/login');
}

/** A new session started: the next failure may end it again. */
export function sessionRestarted(): void {
  ending = false;
}

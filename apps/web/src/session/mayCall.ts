import { callButtons, platformRefusal, type CallDef } from '@dcc/contract';
import { useSession, type SessionSnapshot } from './session.ts';

/** Whether the current company may make `call`: it holds the call's button (any of callButtons) and the server's platform rule (platformRefusal) admits it. */
export function mayCall(call: CallDef, session: Pick<SessionSnapshot, 'buttons' | 'level'>): boolean {
  const buttons = callButtons(call);
  if (buttons.length > 0 && !buttons.some((button) => session.buttons.has(button))) return false;
  return session.level !== null && platformRefusal(call, session.level) === null;
}

/** mayCall for the current session, as React state. */
export function useMayCall(call: CallDef): boolean {
  return mayCall(call, useSession());
}

import { useSyncExternalStore } from 'react';
import type { Enterprise, SessionUser } from '@dcc/contract';
import { setPlatformTimeZone } from '../components/time/platformTime.ts';
import { LIST_STATE_PREFIX, SessionKey } from './storageKeys.ts';

/** What the console knows about the signed-in account and the current company. */
export interface SessionSnapshot {
  sessionid: string | null;
  dealersId: string | null;
  dealersName: string | null;
  level: number | null;
  buttons: ReadonlySet<string>;
  user: SessionUser | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

function readJson<T>(key: string): T | null {
  const text = sessionStorage.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function read(): SessionSnapshot {
  const level = sessionStorage.getItem(SessionKey.LEVEL);
  // Every time of the session is shown in the platform's zone, handed over at sign-in.
  setPlatformTimeZone(sessionStorage.getItem(SessionKey.TIME_ZONE));
  return {
    sessionid: sessionStorage.getItem(SessionKey.SESSION_ID),
    dealersId: sessionStorage.getItem(SessionKey.DEALERS_ID),
    dealersName: sessionStorage.getItem(SessionKey.DEALERS_NAME),
    level: level === null ? null : Number(level),
    buttons: new Set(readJson<string[]>(SessionKey.BUTTONS) ?? []),
    user: readJson<SessionUser>(SessionKey.USER),
  };
}

function changed(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

/** The current session, read without subscribing (for the API client). */
export function getSession(): SessionSnapshot {
  return snapshot;
}

/** The current session as React state. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}

/** Stores the token, account and the platform's time zone of a finished sign-in. */
export function startSession(sessionid: string, user: SessionUser | null, timeZone?: string): void {
  sessionStorage.setItem(SessionKey.SESSION_ID, sessionid);
  if (timeZone) sessionStorage.setItem(SessionKey.TIME_ZONE, timeZone);
  if (user) sessionStorage.setItem(SessionKey.USER, JSON.stringify(user));
  changed();
}

/** Replaces the account shown in the header (after a profile change). */
export function updateSessionUser(user: SessionUser): void {
  sessionStorage.setItem(SessionKey.USER, JSON.stringify(user));
  changed();
}

/** Makes a company current, with the permission buttons held in it. */
export function setCompany(company: Enterprise, buttons: readonly string[]): void {
  sessionStorage.setItem(SessionKey.DEALERS_ID, company.dealersId);
  sessionStorage.setItem(SessionKey.DEALERS_NAME, company.dealersName);
  sessionStorage.setItem(SessionKey.LEVEL, String(company.level));
  sessionStorage.setItem(SessionKey.BUTTONS, JSON.stringify(buttons));
  changed();
}

/** Forgets everything of the session (sign-out, expiry, signed in elsewhere). */
export function clearSession(): void {
  sessionStorage.clear();
  changed();
}

/** Forgets remembered list filters and pages, so another menu entry opens fresh. */
export function clearListState(): void {
  const keys: string[] = [];
  for (let index = 0; index < sessionStorage.length; index += 1) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(LIST_STATE_PREFIX)) keys.push(key);
  }
  for (const key of [
    ...keys,
    SessionKey.TAB_VALUE,
    SessionKey.PROJECT_ID,
    SessionKey.DEVICE_ID,
    SessionKey.DEVICE_CODE,
  ]) {
    sessionStorage.removeItem(key);
  }
}

/** Remembers a list's filters and page under its name until another menu entry opens. */
export function rememberListState(list: string, state: unknown): void {
  sessionStorage.setItem(LIST_STATE_PREFIX + list, JSON.stringify(state));
}

/** The remembered filters and page of a list, if any. */
export function recallListState<T>(list: string): T | null {
  return readJson<T>(LIST_STATE_PREFIX + list);
}

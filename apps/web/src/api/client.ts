import {
  ErrorCode,
  toWireLanguage,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type Locale,
} from '@dcc/contract';
import i18n, { currentLocale } from '../i18n/index.ts';
import { contextFields } from '../session/contextFields.ts';
import { takeEarlyCall } from './earlyCall.ts';
import { ApiError } from './errors.ts';
import { navigateTo } from './navigation.ts';
import { notify } from './notify.ts';
import { endSession } from './sessionEnd.ts';

export const REQUEST_TIMEOUT_MS = 5000;
/** Calls that wait for devices (`waitsForDevice`) wait on the server up to COMMAND_TIMEOUT_MS (10 s) for the replies: they get longer than the 5 s default. */
export const COMMAND_REQUEST_TIMEOUT_MS = 15_000;

export interface CallOptions {
  /** Error codes the caller handles itself: no toast for them. */
  quietCodes?: readonly number[];
  /** How long this call may take before it is aborted; unless given, REQUEST_TIMEOUT_MS, or COMMAND_REQUEST_TIMEOUT_MS for a call that waits for devices. */
  timeoutMs?: number;
  /** The language the answer is worded in; the one shown unless told (askInShownLanguage tells it). */
  language?: Locale;
}

interface RawEnvelope {
  error_code?: unknown;
  error_msg?: unknown;
  objectResult?: unknown;
}

/** The query string every call carries: the language of the answer's messages. */
export function languageQuery(language: Locale = currentLocale()): string {
  return `language=${toWireLanguage(language)}`;
}

/**
 * Reads an answer worded in the language shown: asked in that language, and asked again when the reader
 * switched language before it came, so an answer in the language just left is never stored or shown
 * (enum labels, offline reasons). For reads only: a change is never sent twice.
 */
export async function askInShownLanguage<T>(ask: (options: { language: Locale }) => Promise<T>): Promise<T> {
  for (;;) {
    const language = currentLocale();
    const answer = await ask({ language });
    if (currentLocale() === language) return answer;
  }
}

/** fetch with the 5000 ms timeout (or the one given); network failures and timeouts are only logged. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    console.error(`Request to ${url} failed`, error);
    throw new ApiError(String(error), 0, 0);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The session rule of an answer (a call's or the live stream's end): -100 (logged in elsewhere) and 401 (or HTTP 401)
 * end the session with their message, once. Answers the code the session ended with, null when it goes on.
 */
export function endSessionOnCode(code: number, status = 200): number | null {
  if (status === 401 || code === ErrorCode.SESSION_EXPIRED) {
    endSession(i18n.t('error.sessionExpired'));
    return ErrorCode.SESSION_EXPIRED;
  }
  if (code !== ErrorCode.LOGGED_IN_ELSEWHERE) return null;
  endSession(i18n.t('error.loggedInElsewhere'));
  return code;
}

/** Reads an envelope, applies the session and error rules, and returns objectResult. */
export async function readEnvelope(response: Response, options: CallOptions = {}): Promise<unknown> {
  if (response.status === 404) throw new ApiError('Not found', 404, 404);
  let envelope: RawEnvelope;
  try {
    envelope = (await response.json()) as RawEnvelope;
  } catch (error) {
    console.error(`Answer of ${response.url} is not JSON`, error);
    throw new ApiError('Not JSON', response.status, response.status);
  }
  const code = typeof envelope.error_code === 'number' ? envelope.error_code : Number(envelope.error_code);
  const message = typeof envelope.error_msg === 'string' ? envelope.error_msg : '';
  const ended = endSessionOnCode(code, response.status);
  if (ended !== null) throw new ApiError(message, ended, response.status);
  if (code !== ErrorCode.OK) {
    // A lost update refused (someone else changed the record) is no failure: its message asks to reload.
    if (!options.quietCodes?.includes(code)) {
      if (code === ErrorCode.STALE_VERSION) notify().warning(message);
      else notify().error(i18n.t('common.errorOccurred', { message }));
    }
    if (code === ErrorCode.PASSWORD_CHANGE_REQUIRED) navigateTo('/forceUpdatePwd');
    throw new ApiError(message, code, response.status, envelope.objectResult);
  }
  return envelope.objectResult;
}

/** The URL and body a call sends. */
export function requestOf<C extends CallDef>(
  def: C,
  body: CallRequest<C>,
  options: Pick<CallOptions, 'language'> = {},
): { url: string; body: string } {
  return {
    url: `${def.path}?${languageQuery(options.language)}`,
    // An explicit dealersId in the body (switching company) wins over the current one.
    body: JSON.stringify({ ...contextFields(), ...(body as object) }),
  };
}

/** Makes one call of the contract and returns its parsed objectResult. */
export async function call<C extends CallDef>(
  def: C,
  body: CallRequest<C>,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  const request = requestOf(def, body, options);
  const ask = () =>
    fetchWithTimeout(
      request.url,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: request.body },
      options.timeoutMs ?? (def.waitsForDevice ? COMMAND_REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS),
    );
  // On a reload the console's entry may have asked this already (a page's first call): its answer, else ask.
  const early = takeEarlyCall(request.url, request.body);
  const response = early ? await early.catch(ask) : await ask();
  const result = await readEnvelope(response, options);
  const parsed = def.response.safeParse(result);
  if (!parsed.success) {
    console.error(`Answer of ${def.path} does not match the contract`, parsed.error);
    throw new ApiError('Unexpected answer', ErrorCode.INTERNAL, response.status);
  }
  return parsed.data as CallResponse<C>;
}

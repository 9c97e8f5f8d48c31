import { createHash } from 'node:crypto';
import {
  getAllButtonRoles,
  getDealersByUser,
  grantableButtons,
  login,
  parseButtonList,
  toWireLanguage,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type Locale,
} from '@dcc/contract';
import type { Page } from 'playwright-core';
import { SessionKey } from '../../apps/web/src/session/storageKeys.ts';

/** The session fields a call carries in its body, as the console's client adds them (session/contextFields.ts). */
interface CallerSession {
  sessionid?: string;
  dealersId?: string;
}

/**
 * Makes a call of the contract from the test process, as the console's client sends it (context fields in the body,
 * the language in the query), and answers its result read through the contract; an error answer throws with its code.
 */
export async function callFromTest<C extends CallDef>(
  baseUrl: string,
  def: C,
  body: CallRequest<C>,
  caller: CallerSession = {},
  locale: Locale = 'zh-CN',
): Promise<CallResponse<C>> {
  const response = await fetch(`${baseUrl}${def.path}?language=${toWireLanguage(locale)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...caller, ...(body as object) }),
  });
  const envelope = (await response.json()) as { error_code: number; error_msg: string; objectResult: unknown };
  if (envelope.error_code !== 0) throw new Error(`${def.path} answered ${envelope.error_code}: ${envelope.error_msg}`);
  return def.response.parse(envelope.objectResult) as CallResponse<C>;
}

/** The password digest the console sends (api/passwordDigest.ts: md5 hex). */
export const passwordDigest = (password: string): string => createHash('md5').update(password).digest('hex');

/**
 * The session storage entries the console's own sign-in leaves in its tab (features/auth/login/hooks.ts, then
 * session/session.ts): the token, the account and the platform's time zone; the account's first company (the one a
 * test picks in the company chooser) with the permission buttons its level may hold (features/company/hooks.ts). An
 * account whose sign-in asks for more (a password change, a choice of accounts) signs in through the login page.
 */
export async function signedInStorage(
  baseUrl: string,
  account: string,
  password: string,
): Promise<Record<string, string>> {
  const answer = await callFromTest(baseUrl, login, {
    name: account,
    password: passwordDigest(password),
    loginSource: 'web',
  });
  if (!answer.xtoken || answer.needUpdatePwd || answer.needSelectUser || answer.locked)
    throw new Error(`${account} does not sign in in one step: sign it in through the login page`);
  const session = { sessionid: answer.xtoken };
  const [company] = await callFromTest(baseUrl, getDealersByUser, {}, session);
  if (!company) throw new Error(`${account} belongs to no company: sign it in through the login page`);
  const granted = await callFromTest(baseUrl, getAllButtonRoles, { dealersId: company.dealersId }, session);
  return {
    [SessionKey.SESSION_ID]: answer.xtoken,
    [SessionKey.TIME_ZONE]: answer.timeZone,
    ...(answer.user ? { [SessionKey.USER]: JSON.stringify(answer.user) } : {}),
    [SessionKey.DEALERS_ID]: company.dealersId,
    [SessionKey.DEALERS_NAME]: company.dealersName,
    [SessionKey.LEVEL]: String(company.level),
    [SessionKey.BUTTONS]: JSON.stringify(grantableButtons(company.level, parseButtonList(granted))),
  };
}

/**
 * Signs `page`'s tab in as `account` as the console's sign-in would leave it (signedInStorage) and opens the console at
 * `route`: a test whose subject is not the sign-in skips the login page and its typing, which cost a fresh browser
 * profile about a quarter of its Chromium CPU (docs/PERFORMANCE.md). The storage is written on a page of the console's
 * origin that runs none of its code (its icon), so the console starts as it does on a reload of a signed-in tab.
 */
export async function enterSignedIn(
  page: Page,
  baseUrl: string,
  account: string,
  password: string,
  route = '/company',
): Promise<void> {
  const storage = await signedInStorage(baseUrl, account, password);
  await page.goto(`${baseUrl}/favicon.ico`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  }, storage);
  await page.goto(`${baseUrl}/#${route}`);
}

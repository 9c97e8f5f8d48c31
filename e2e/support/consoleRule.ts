import type { Browser, BrowserContext, ConsoleMessage } from 'playwright-core';
import { trackContext } from './failureReport.ts';
import { recordToasts } from './toasts.ts';

/**
 * The suite's console rule: any console error or warning, and any uncaught page error, in any page of
 * any browser context fails the test that was running, with the message text in the failure.
 *
 * Nobody has to remember it: launchBrowser() watches every context its browser opens (newContext and
 * newPage alike), and the e2e project's setup file (consoleRuleSetup.ts, vitest.config.ts) checks after
 * each test and after each file.
 *
 * Answers a test provokes on purpose (a 4xx to show a refusal) make Chromium log "Failed to load
 * resource: the server responded with a status of N". Such a test names each one it expects with
 * expectFailedRequest(urlPart, status) before provoking it; the allowance covers that URL and status only,
 * lasts until the end of the test, and nothing else is ever filtered. The one other allowance: a sign-in through the
 * login page that set up a test (signInAsAUserWould) and that the console aborted at its 5 s timeout on a loaded
 * machine is submitted again, as a user would; that abort of the sign-in call is allowed for the test (a test of the
 * sign-in itself does not sign in so).
 */

interface Problem {
  kind: 'console error' | 'console warning' | 'page error';
  text: string;
  url: string;
}

interface FailedRequestAllowance {
  urlPart: string;
  /** The answer's status, or 'aborted' for a request the console gave up on (its timeout). */
  status: number | 'aborted';
}

let problems: Problem[] = [];
let allowances: FailedRequestAllowance[] = [];

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})/;
/** What the console's client logs when it aborts a request at its timeout (api/client.ts). */
const ABORTED_REQUEST = /^Request to (\S+) failed AbortError/;

function allowed(problem: Problem): boolean {
  const status = FAILED_RESOURCE.exec(problem.text)?.[1];
  if (status !== undefined)
    return allowances.some(
      (allowance) => allowance.status === Number(status) && problem.url.includes(allowance.urlPart),
    );
  const aborted = ABORTED_REQUEST.exec(problem.text)?.[1];
  return (
    aborted !== undefined &&
    allowances.some((allowance) => allowance.status === 'aborted' && aborted.includes(allowance.urlPart))
  );
}

function onConsole(message: ConsoleMessage): void {
  const type = message.type();
  if (type !== 'error' && type !== 'warning') return;
  problems.push({
    kind: type === 'error' ? 'console error' : 'console warning',
    text: message.text(),
    url: message.location().url,
  });
}

/** Names the content of a rejection that is not an Error, which the page error alone does not carry. */
function describeOddRejections(): void {
  addEventListener('unhandledrejection', (event) => {
    if (!(event.reason instanceof Error))
      console.error(`unhandled rejection of ${JSON.stringify(event.reason)?.slice(0, 500)}`);
  });
}

/** Collects the console errors and warnings and the page errors of every page of `context`. */
export async function watchContext(context: BrowserContext): Promise<BrowserContext> {
  trackContext(context);
  await context.addInitScript(describeOddRejections);
  await context.addInitScript(recordToasts);
  context.on('console', onConsole);
  context.on('weberror', (webError) => {
    const error = webError.error();
    // A value that is not an Error (an antd form's validateFields() rejection nobody caught) arrives without a stack.
    const text = error.stack || `uncaught ${error.message}, thrown or rejected as a value that is not an Error`;
    problems.push({ kind: 'page error', text, url: webError.page()?.url() ?? '' });
  });
  return context;
}

/** Makes every context `browser` opens (newPage opens one too) watched by the rule. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  // Users of the suite prefer reduced motion unless a test says otherwise: the console then opens and closes its
  // dialogs without animating (reducedMotion.ts), so a step never acts on a dialog still fading in or out.
  browser.newContext = async (options = {}) => watchContext(await newContext({ reducedMotion: 'reduce', ...options }));
  return browser;
}

/** Lets the running test provoke an answer of `status` (or the console's abort at its timeout) from a URL containing `urlPart` (see above). */
export function expectFailedRequest(urlPart: string, status: number | 'aborted'): void {
  allowances.push({ urlPart, status });
}

/** Forgets what earlier tests collected and allowed. */
export function resetConsoleRule(): void {
  problems = [];
  allowances = [];
}

/** Throws, listing every message, when the pages logged anything the rule refuses since the last reset. */
export function assertCleanConsole(): void {
  const refused = problems.filter((problem) => !allowed(problem));
  resetConsoleRule();
  if (refused.length === 0) return;
  const lines = refused.map((problem) => `- ${problem.kind}: ${problem.text}${problem.url ? ` (${problem.url})` : ''}`);
  throw new Error(`the browser logged ${refused.length} console problem(s):\n${lines.join('\n')}`);
}

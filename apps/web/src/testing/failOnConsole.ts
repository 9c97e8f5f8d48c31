import { afterEach, beforeEach } from 'vitest';

/**
 * The component tests' console rule (the web project's setup file, vitest.config.ts): React and React
 * Router warn only in development builds, which the browser suite never runs, so a component test fails
 * on any console error or warning, with its text. The browser suite's own rule is e2e/support/consoleRule.ts.
 */
const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

const show = (value: unknown): string =>
  value instanceof Error
    ? (value.stack ?? value.message)
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The text console would print: printf-style %s, %d, %o... in the first argument filled from the others. */
function format([first, ...rest]: unknown[]): string {
  if (typeof first !== 'string') return [first, ...rest].map(show).join(' ');
  const filled = first.replace(/%[sdifoOc]/g, () => (rest.length > 0 ? show(rest.shift()) : ''));
  return [filled, ...rest.map(show)].join(' ');
}

beforeEach(() => {
  logged = [];
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      logged.push(`console.${level}: ${format(args)}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  Object.assign(console, original);
  if (logged.length > 0) throw new Error(`the test logged ${logged.length} console problem(s):\n${logged.join('\n')}`);
});

/**
 * How long a browser test waits for a condition before calling it failed: a bound far past what a loaded CI
 * machine needs, never a figure the test asserts (a passing wait ends as soon as its condition holds).
 */
export const POLL = { timeout: 60_000, interval: 250 };

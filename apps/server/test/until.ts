export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check()` holds, polling; throws after `within` ms. */
export async function until(check: () => boolean, within = 10_000): Promise<void> {
  const end = Date.now() + within;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** Waits until `check` answers true (polling), or fails after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5000,
  /** What was seen instead, added to the failure. */
  explain?: () => Promise<string> | string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${explain ? `; instead: ${await explain()}` : ''}`);
    await sleep(25);
  }
}

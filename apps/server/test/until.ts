export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check()` holds, polling; throws after `within` ms. */
export async function until(check: () => boolean, within = 10_000): Promise<void> {
  const end = Date.now() + within;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

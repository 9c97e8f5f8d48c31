/**
 * The budget of failed proofs (a wrong signature, a wrong password) of one process: failures count
 * against the source address and against a global budget, never against the identity they claim, so
 * that a stranger who types a device's code or an account's name cannot lock its owner out
 * (docs/SECURITY.md, "A limit a stranger can trip never locks out the owner").
 *
 * - An address with `perAddress` failures within a minute is refused for `cooldownMs`.
 * - Past `global` failures within a minute (many addresses guessing at once), an address that has
 *   failed in that minute gets no further try until the minute ends; addresses that have not failed
 *   (the owners) are not affected.
 */
export interface FailedProofs {
  /** Whether an attempt from `address` may be checked now. */
  allow(address: string): boolean;
  /** Records a failed proof from `address`. */
  failed(address: string): void;
}

const MINUTE = 60_000;
/** Addresses tracked at once; past this, new addresses are held only by the global budget. */
const MAX_ADDRESSES = 100_000;

export interface FailedProofLimits {
  perAddress: number;
  global: number;
  cooldownMs: number;
}

export function failedProofs(limits: FailedProofLimits, now: () => number = Date.now): FailedProofs {
  const addresses = new Map<string, { windowStart: number; count: number; blockedUntil: number }>();
  let globalWindow = { start: now(), count: 0 };
  let lastSweep = now();
  const sweep = (t: number) => {
    if (t - globalWindow.start >= MINUTE) globalWindow = { start: t, count: 0 };
    if (t - lastSweep < MINUTE) return;
    lastSweep = t;
    for (const [address, entry] of addresses)
      if (t - entry.windowStart >= MINUTE && t >= entry.blockedUntil) addresses.delete(address);
  };
  const current = (address: string, t: number) => {
    const entry = addresses.get(address);
    if (entry && t - entry.windowStart >= MINUTE) {
      entry.windowStart = t;
      entry.count = 0;
    }
    return entry;
  };
  return {
    allow(address) {
      const t = now();
      sweep(t);
      const entry = current(address, t);
      if (!entry) return true;
      if (t < entry.blockedUntil) return false;
      return !(globalWindow.count >= limits.global && entry.count > 0);
    },
    failed(address) {
      const t = now();
      sweep(t);
      globalWindow.count += 1;
      let entry = current(address, t);
      if (!entry) {
        if (addresses.size >= MAX_ADDRESSES) return;
        entry = { windowStart: t, count: 0, blockedUntil: 0 };
        addresses.set(address, entry);
      }
      entry.count += 1;
      if (entry.count >= limits.perAddress) entry.blockedUntil = t + limits.cooldownMs;
    },
  };
}

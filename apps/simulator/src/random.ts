/** A seeded pseudo-random source (mulberry32): the same seed gives the same device, so tests can predict it. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** FNV-1a of a text: turns a seed and a device code into the 32-bit state of its generator. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function seededRandom(seed: number | string): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, between: (min, max) => min + (max - min) * next(), chance: (p) => next() < p };
}

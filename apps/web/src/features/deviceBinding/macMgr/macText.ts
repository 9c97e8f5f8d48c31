import { normalizeMac } from '@dcc/contract';

/** The addresses of a pasted or typed text: one per line, or separated by commas, semicolons or spaces. */
export const macsOfText = (text: string): string[] => text.split(/[\s,;]+/).filter((part) => part !== '');

/** The first entry of the text that is not a device MAC address, if any. */
export const firstBadMac = (entries: readonly string[]): string | undefined =>
  entries.find((entry) => normalizeMac(entry) === null);

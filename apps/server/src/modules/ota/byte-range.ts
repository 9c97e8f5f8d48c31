/** The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 section 14). */
export type RangeAsk = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads `bytes=start-end`, `bytes=start-` and `bytes=-suffix`. A header it does not understand (other units,
 * several ranges) is ignored and the whole file is served, as the RFC allows; a range past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeAsk {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}

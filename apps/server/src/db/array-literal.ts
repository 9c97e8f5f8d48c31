/** An element of an array parameter: null travels as NULL, numbers and strings as they are. */
export type ArrayElement = string | number | boolean | null;

// What forces an element into double quotes in an array literal (array_in): braces, comma, quote,
// backslash, white space, the empty string and the word NULL.
const NEEDS_QUOTES = /[{}",\\\s]|^$|^null$/i;
const ESCAPED = /["\\]/;

/**
 * A PostgreSQL array literal (`{1,2,NULL}`) of `values`, for a parameter cast to an array type
 * (`${arrayLiteral(ids)}::bigint[]`). node-postgres serialises a JS array by quoting and escaping every
 * element with two regular expressions; the ingest sends a dozen arrays of hundreds of elements per
 * batch, so this quotes only the elements that need it (ids, numbers, ISO times, base64 and codes do not).
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  // Joined from an array of parts: one flat string, not a chain of concatenations flattened when sent.
  const parts = new Array<string | number>(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v === null || v === undefined) parts[k] = 'NULL';
    else if (typeof v === 'number') parts[k] = v;
    else if (typeof v === 'boolean') parts[k] = v ? 't' : 'f';
    else if (!NEEDS_QUOTES.test(v)) parts[k] = v;
    else parts[k] = ESCAPED.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
  }
  return `{${parts.join(',')}}`;
}

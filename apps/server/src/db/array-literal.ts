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
  let text = '{';
  for (let k = 0; k < values.length; k++) {
    if (k > 0) text += ',';
    const v = values[k];
    if (v === null || v === undefined) text += 'NULL';
    else if (typeof v === 'number') text += String(v);
    else if (typeof v === 'boolean') text += v ? 't' : 'f';
    else if (!NEEDS_QUOTES.test(v)) text += v;
    else text += ESCAPED.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
  }
  return `${text}}`;
}

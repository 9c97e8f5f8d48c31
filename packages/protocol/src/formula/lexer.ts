import { formulaError, type FormulaError } from './errors.ts';

export type TokenKind = 'num' | 'ident' | 'ref' | 'op' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The operator or identifier text; for numbers and references the source text. */
  text: string;
  /** Numeric value of a number, or the point address of a reference. */
  value: number;
  pos: number;
}

// Longest first so that '>>>' wins over '>>' and '>'.
const OPERATORS = [
  '>>>',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  ',',
  '&',
  '|',
  '^',
  '~',
  '!',
  '<',
  '>',
  '?',
  ':',
];

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c);

/** Splits formula text into tokens, or names the first character it cannot read. */
export function tokenize(src: string): { ok: true; tokens: Token[] } | { ok: false; error: FormulaError } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1] ?? ''))) {
      const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(src.slice(i));
      const text = m?.[0] ?? '';
      // A number running straight into letters (12ab, 0x1g) is a typo, not two tokens.
      if (!m || isIdentPart(src[i + text.length] ?? '') || src[i + text.length] === '.') {
        return { ok: false, error: formulaError('formula.badNumber', `Malformed number at position ${start}`, start) };
      }
      const value = /^0[bB]/.test(text) ? parseInt(text.slice(2), 2) : Number(text);
      tokens.push({ kind: 'num', text, value, pos: start });
      i += text.length;
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i]!)) i++;
      const text = src.slice(start, i);
      tokens.push({ kind: 'ident', text, value: 0, pos: start });
      continue;
    }
    if (c === '$') {
      const m = /^\$(\d{1,5})\$/.exec(src.slice(i));
      const address = m ? Number(m[1]) : -1;
      if (!m || address > 0xffff) {
        return {
          ok: false,
          error: formulaError(
            'formula.badReference',
            `A point reference is written $address$ with an address 0-65535 (position ${start})`,
            start,
          ),
        };
      }
      tokens.push({ kind: 'ref', text: m[0], value: address, pos: start });
      i += m[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) {
      return {
        ok: false,
        error: formulaError('formula.unexpectedChar', `Unexpected character '${c}' at position ${start}`, start),
      };
    }
    tokens.push({ kind: 'op', text: op, value: 0, pos: start });
    i += op.length;
  }
  tokens.push({ kind: 'eof', text: '', value: 0, pos: src.length });
  return { ok: true, tokens };
}

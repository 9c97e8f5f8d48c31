import { translate, type Locale } from '@dcc/contract';
import { MAX_FORMULA_LENGTH, type FormulaError } from '@dcc/protocol';

/** The name, number or character a formula error points at, read from the formula text itself. */
const TOKEN_AT = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d*)?|\$\d*\$?|\S)/;

/**
 * A formula problem in the caller's language. The engine's own message is English only, so the
 * catalog key `catalog.<code>` is filled from the formula text; positions count from 1 for people.
 */
export function formulaDetail(locale: Locale, source: string, error: FormulaError): string {
  const text = TOKEN_AT.exec(source.slice(error.position))?.[0] ?? '';
  return translate(locale, `catalog.${error.code}`, { text, position: error.position + 1, max: MAX_FORMULA_LENGTH });
}

import { translate, type Locale } from '@dcc/contract';
import { MAX_FORMULA_LENGTH, type FormulaError, type FormulaErrorCode } from '@dcc/protocol';

/** The catalog message of every formula problem the engine reports (a new engine code fails to compile here until it has one). */
export const FORMULA_MESSAGE_KEYS: Record<FormulaErrorCode, string> = {
  'formula.empty': 'catalog.formula.empty',
  'formula.notText': 'catalog.formula.notText',
  'formula.tooLong': 'catalog.formula.tooLong',
  'formula.tooDeep': 'catalog.formula.tooDeep',
  'formula.unexpectedChar': 'catalog.formula.unexpectedChar',
  'formula.badNumber': 'catalog.formula.badNumber',
  'formula.badReference': 'catalog.formula.badReference',
  'formula.unexpectedToken': 'catalog.formula.unexpectedToken',
  'formula.unexpectedEnd': 'catalog.formula.unexpectedEnd',
  'formula.unknownIdentifier': 'catalog.formula.unknownIdentifier',
  'formula.unknownFunction': 'catalog.formula.unknownFunction',
  'formula.arity': 'catalog.formula.arity',
  'formula.divisionByZero': 'catalog.formula.divisionByZero',
  'formula.unknownPoint': 'catalog.formula.unknownPoint',
  'formula.notFinite': 'catalog.formula.notFinite',
};

/** The name, number or character a formula error points at, read from the formula text itself. */
const TOKEN_AT = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d*)?|\$\d*\$?|\S)/;

/**
 * A formula problem in the caller's language. The engine's own message is English only, so the
 * catalog message is filled from the formula text; positions count from 1 for people.
 */
export function formulaDetail(locale: Locale, source: string, error: FormulaError): string {
  const text = TOKEN_AT.exec(source.slice(error.position))?.[0] ?? '';
  return translate(locale, FORMULA_MESSAGE_KEYS[error.code], {
    text,
    position: error.position + 1,
    max: MAX_FORMULA_LENGTH,
  });
}

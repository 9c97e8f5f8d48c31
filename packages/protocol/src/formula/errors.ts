/** A formula problem: a stable message key, English text and the character position it points at. */
export interface FormulaError {
  code: FormulaErrorCode;
  message: string;
  position: number;
}

export type FormulaErrorCode =
  | 'formula.empty'
  | 'formula.notText'
  | 'formula.tooLong'
  | 'formula.tooDeep'
  | 'formula.unexpectedChar'
  | 'formula.badNumber'
  | 'formula.badReference'
  | 'formula.unexpectedToken'
  | 'formula.unexpectedEnd'
  | 'formula.unknownIdentifier'
  | 'formula.unknownFunction'
  | 'formula.arity'
  | 'formula.divisionByZero'
  | 'formula.unknownPoint'
  | 'formula.notFinite';

/** Builds a FormulaError. */
export function formulaError(code: FormulaErrorCode, message: string, position: number): FormulaError {
  return { code, message, position };
}

import type { FormulaError } from './formula/index.ts';

export type TableErrorCode =
  | 'table.notAList'
  | 'table.badPoint'
  | 'table.badAddress'
  | 'table.duplicateAddress'
  | 'table.badCode'
  | 'table.duplicateCode'
  | 'table.badMode'
  | 'table.badByteLength'
  | 'table.highLowMismatch'
  | 'table.unknownDataType'
  | 'table.badDataType'
  | 'table.badFormula'
  | 'table.badRange'
  | 'table.missingReference'
  | 'table.badEnumItem'
  | 'table.badBinaryItem'
  | 'table.badFaultDefinition'
  | 'table.badDefault';

/** One problem of a point table, naming the point (by index, address and code) and the field. */
export interface TableError {
  code: TableErrorCode;
  message: string;
  field: string;
  /** Position of the point in the list given to compileTable; absent for data-type problems. */
  index?: number;
  address?: number;
  pointCode?: string;
  dataType?: string;
  /** For table.missingReference: the point number referenced as $n$ that is not in the table. */
  reference?: number;
  formulaError?: FormulaError;
}

import { isFaultLevel, pointFields, type FaultLevel, type PointFieldsInput, type ProtocolPoint } from '@dcc/contract';

type Mode = PointFieldsInput['mode'];
type ByteLength = PointFieldsInput['byteLength'];
type ValueKind = NonNullable<PointFieldsInput['valueKind']>;

/** A fault definition row of the form: a bit or a value (numbers are null while empty). */
export interface FaultRow {
  faultCode: string;
  level: FaultLevel;
  bit: number | null;
  value: number | null;
  description: string;
  enDescription: string;
}

/** The point editor's values: the contract's point fields, with numbers null while empty. */
export interface PointFormValues {
  address: number | null;
  pointCode: string;
  pointName: string;
  pointEnName: string;
  mode: Mode;
  vendorParam: boolean;
  basicInfo: boolean;
  endUserDisplay: boolean;
  clientParam: boolean;
  hidden: boolean;
  codeClass: string;
  byteLength: ByteLength;
  highLow: boolean;
  lowPoint: number | null;
  dataTypeId: string;
  reportFormula: string;
  sendFormula: string;
  faultType: boolean;
  valueRange: string;
  unit: string;
  enUnit: string;
  defaultValue: number | null;
  description: string;
  enDescription: string;
  valueKind: ValueKind;
  enumItems: { value: number | null; label: string; enLabel: string; description: string }[];
  binaryItems: { bit: number | null; code: string; content: string; enContent: string }[];
  faultDefinitions: FaultRow[];
}

/** A fresh point: read-only, two bytes, a plain number. */
export const NEW_POINT: PointFormValues = {
  address: null,
  pointCode: '',
  pointName: '',
  pointEnName: '',
  mode: 'R',
  vendorParam: false,
  basicInfo: false,
  endUserDisplay: false,
  clientParam: false,
  hidden: false,
  codeClass: '',
  byteLength: 2,
  highLow: false,
  lowPoint: null,
  dataTypeId: '',
  reportFormula: '',
  sendFormula: '',
  faultType: false,
  valueRange: '',
  unit: '',
  enUnit: '',
  defaultValue: null,
  description: '',
  enDescription: '',
  valueKind: 'number',
  enumItems: [],
  binaryItems: [],
  faultDefinitions: [],
};

const toLevel = (level: number): FaultRow['level'] => (isFaultLevel(level) ? level : 0);

/** The editor's values of a stored point. */
export function toFormValues(point: ProtocolPoint): PointFormValues {
  return {
    address: point.address,
    pointCode: point.pointCode,
    pointName: point.pointName,
    pointEnName: point.pointEnName,
    mode: point.mode,
    vendorParam: point.vendorParam,
    basicInfo: point.basicInfo,
    endUserDisplay: point.endUserDisplay,
    clientParam: point.clientParam,
    hidden: point.hidden,
    codeClass: point.codeClass,
    byteLength: point.byteLength,
    highLow: point.highLow,
    lowPoint: point.lowPoint,
    dataTypeId: point.dataTypeId,
    reportFormula: point.reportFormula,
    sendFormula: point.sendFormula,
    faultType: point.faultType,
    valueRange: point.valueRange,
    unit: point.unit,
    enUnit: point.enUnit,
    defaultValue: point.defaultValue,
    description: point.description,
    enDescription: point.enDescription,
    valueKind: point.valueKind,
    enumItems: point.enumItems.map((item) => ({ ...item })),
    binaryItems: point.binaryItems.map((item) => ({ ...item })),
    faultDefinitions: point.faultDefinitions.map((fault) => ({ ...fault, level: toLevel(fault.level) })),
  };
}

// An empty number stays invalid (NaN) so the contract names the field instead of taking 0.
const number = (value: number | null | undefined) => (typeof value === 'number' ? value : Number.NaN);

/**
 * The point fields to send. Items of a kind the point does not use are dropped (enum items of a
 * binary point, fault definitions without the fault-type flag), and a high/low point's high point
 * is its own address, as the protocol engine requires.
 */
export function toPointFields(values: PointFormValues): PointFieldsInput {
  const { lowPoint, enumItems, binaryItems, faultDefinitions, ...rest } = values;
  return {
    ...rest,
    address: number(values.address),
    highPoint: values.highLow ? number(values.address) : null,
    lowPoint: values.highLow ? number(lowPoint) : null,
    enumItems: values.valueKind === 'enum' ? enumItems.map((item) => ({ ...item, value: number(item.value) })) : [],
    binaryItems: values.valueKind === 'binary' ? binaryItems.map((item) => ({ ...item, bit: number(item.bit) })) : [],
    faultDefinitions: values.faultType
      ? faultDefinitions.map((fault) => ({ ...fault, bit: fault.bit ?? null, value: fault.value ?? null }))
      : [],
  };
}

/** A problem placed on a form field: the field path, the catalog key of its message and its parameters. */
export interface FieldProblem {
  name: (string | number)[];
  message: string;
  params?: Record<string, number | string>;
}

/** Checks the values with the contract's point rules, then the protocol engine's rules of one point; each problem names its form field (lists by row). */
export function pointProblems(values: PointFormValues): FieldProblem[] {
  const result = pointFields.safeParse(toPointFields(values));
  const contract: FieldProblem[] = result.success
    ? []
    : result.error.issues.map((issue) => ({
        // highPoint is not a field of the form: its problems belong to the address.
        name:
          issue.path[0] === 'highPoint'
            ? ['address']
            : issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
        message: issue.message,
      }));
  // One message per field: the contract's first.
  const named = new Set(contract.map((problem) => problem.name.join('.')));
  return [...contract, ...engineProblems(values).filter((problem) => !named.has(problem.name.join('.')))];
}

/** The checks packages/protocol makes on one point beyond the contract: unique values, bits within the register, high/low pairs. */
function engineProblems(values: PointFormValues): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const maxBit = values.byteLength * 8 - 1;
  const repeated = <Row>(
    rows: readonly Row[],
    key: (row: Row) => unknown,
    list: string,
    field: string,
    message: string,
  ) => {
    const seen = new Set<unknown>();
    rows.forEach((row, index) => {
      const value = key(row);
      if (value === null || value === '' || value === undefined) return;
      if (seen.has(value)) problems.push({ name: [list, index, field], message });
      seen.add(value);
    });
  };
  const bitTooHigh = (bit: number | null, name: (string | number)[]) => {
    if (typeof bit === 'number' && bit > maxBit)
      problems.push({ name, message: 'points.bitTooHigh', params: { max: maxBit } });
  };
  if (values.valueKind === 'enum')
    repeated(values.enumItems, (item) => item.value, 'enumItems', 'value', 'points.enumValueTwice');
  if (values.valueKind === 'binary') {
    values.binaryItems.forEach((item, index) => bitTooHigh(item.bit, ['binaryItems', index, 'bit']));
    repeated(values.binaryItems, (item) => item.bit, 'binaryItems', 'bit', 'points.bitTwice');
  }
  if (values.faultType) {
    values.faultDefinitions.forEach((fault, index) => {
      if (typeof fault.bit === 'number' && typeof fault.value === 'number')
        problems.push({ name: ['faultDefinitions', index, 'bit'], message: 'points.faultBitAndValue' });
      bitTooHigh(fault.bit, ['faultDefinitions', index, 'bit']);
    });
    repeated(
      values.faultDefinitions,
      (fault) => fault.faultCode.trim(),
      'faultDefinitions',
      'faultCode',
      'points.faultCodeTwice',
    );
  }
  if (values.highLow) {
    if (values.byteLength !== 4) problems.push({ name: ['byteLength'], message: 'points.highLowByteLength' });
    if (typeof values.lowPoint !== 'number' || values.lowPoint === values.address)
      problems.push({ name: ['lowPoint'], message: 'points.lowPointInvalid' });
  }
  return problems;
}

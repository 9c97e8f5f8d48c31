import type { ThingDataType } from './describe.ts';

/** What the data-type fields of a form hold: numbers may be empty. */
export interface DataTypeFormValues {
  type?: ThingDataType['type'];
  min?: number | null;
  max?: number | null;
  step?: number | null;
  unit?: string;
  values?: { value?: number | null; label?: string; enLabel?: string }[];
  length?: number | null;
}

const NUMERIC = new Set(['int', 'float', 'double']);

/** The data type a form describes, keeping only the parts its type uses (checked afterwards with the contract's schema). */
export function toDataType(form: DataTypeFormValues | undefined): unknown {
  const type = form?.type;
  const numeric = type !== undefined && NUMERIC.has(type);
  return {
    type,
    min: numeric ? (form?.min ?? null) : null,
    max: numeric ? (form?.max ?? null) : null,
    step: numeric ? (form?.step ?? null) : null,
    unit: (numeric ? form?.unit?.trim() : '') ?? '',
    values:
      type === 'enum' || type === 'bool'
        ? (form?.values ?? []).map((item) => ({
            value: item?.value ?? undefined,
            label: item?.label?.trim() ?? '',
            enLabel: item?.enLabel?.trim() ?? '',
          }))
        : [],
    length: type === 'text' ? (form?.length ?? null) : null,
  };
}

/** A parameter list (event output, service input/output) as the form holds it. */
export interface ParamFormValues {
  identifier?: string;
  name?: string;
  enName?: string;
  dataType?: DataTypeFormValues;
}

export const toParams = (params: ParamFormValues[] | undefined): unknown[] =>
  (params ?? []).map((param) => ({
    identifier: param?.identifier?.trim() ?? '',
    name: param?.name?.trim() ?? '',
    enName: param?.enName?.trim() ?? '',
    dataType: toDataType(param?.dataType),
  }));

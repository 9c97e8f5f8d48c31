import { ErrorCode, translate, type Locale } from '@dcc/contract';
import { compileDataType } from '@dcc/protocol';
import { failOnField } from '../../http/app-error.ts';
import { formulaDetail } from './formula-message.ts';

export interface DataTypeRules {
  dataTypeName: string;
  reportRule: string;
  sendRule: string;
  signed: boolean;
  sortOrder: number;
}

/** Refuses rules the protocol engine cannot compile (FORMULA_INVALID naming the rule and the problem). */
export function checkDataTypeRules(locale: Locale, input: DataTypeRules): void {
  const compiled = compileDataType({
    name: input.dataTypeName,
    reportRule: input.reportRule,
    sendRule: input.sendRule,
    signed: input.signed,
    sortOrder: input.sortOrder,
  });
  if (compiled.ok) return;
  const source = compiled.field === 'reportRule' ? input.reportRule : input.sendRule;
  failOnField(ErrorCode.FORMULA_INVALID, compiled.field, locale, {
    field: translate(locale, `catalog.field.${compiled.field}`),
    detail: formulaDetail(locale, source, compiled.error),
  });
}

import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { thingDataType } from '@dcc/contract';

export type ThingDataType = z.output<typeof thingDataType>;

const NUMERIC = new Set(['int', 'float', 'double']);

/** One line for a data type: "int (0 ~ 100, step 1, °C)", "enum (0: Off, 1: On)", "text (length 64)". */
export function describeDataType(t: TFunction, dataType: ThingDataType): string {
  const name = t(`thingModel.type.${dataType.type}`);
  const parts: string[] = [];
  if (NUMERIC.has(dataType.type)) {
    if (dataType.min !== null || dataType.max !== null) parts.push(`${dataType.min ?? ''} ~ ${dataType.max ?? ''}`);
    if (dataType.step !== null) parts.push(t('thingModel.stepIs', { step: dataType.step }));
  }
  if (dataType.values.length > 0)
    parts.push(dataType.values.map(({ value, label }) => `${value}: ${label}`).join(', '));
  if (dataType.type === 'text' && dataType.length !== null)
    parts.push(t('thingModel.lengthIs', { length: dataType.length }));
  if (dataType.unit) parts.push(dataType.unit);
  return parts.length > 0 ? `${name} (${parts.join(', ')})` : name;
}

import { thingEvent, thingProperty, thingService, type ThingModel } from '@dcc/contract';
import { toDataType, toParams, type DataTypeFormValues, type ParamFormValues } from './normalize.ts';

/** The three lists of a thing model. */
export type ItemKind = 'properties' | 'events' | 'services';
export const ITEM_KINDS: readonly ItemKind[] = ['properties', 'events', 'services'];
export type ThingItem<K extends ItemKind> = ThingModel[K][number];
export type AnyThingItem = ThingItem<ItemKind>;

/** What an item dialog's form holds (the union of the three kinds' fields). */
export interface ItemFormValues {
  identifier?: string;
  name?: string;
  enName?: string;
  description?: string;
  enDescription?: string;
  accessMode?: 'r' | 'rw';
  required?: boolean;
  dataType?: DataTypeFormValues;
  type?: 'info' | 'alert' | 'error';
  callType?: 'sync' | 'async';
  inputData?: ParamFormValues[];
  outputData?: ParamFormValues[];
}

/** A fresh item of each kind. */
export const NEW_ITEM: Record<ItemKind, ItemFormValues> = {
  properties: {
    identifier: '',
    name: '',
    accessMode: 'r',
    required: false,
    description: '',
    dataType: { type: 'int' },
  },
  events: { identifier: '', name: '', type: 'info', description: '', outputData: [] },
  services: { identifier: '', name: '', callType: 'async', description: '', inputData: [], outputData: [] },
};

const text = (value: string | undefined) => value?.trim() ?? '';

/** Checks a dialog's values with the contract's schema of that kind; the issue paths are the form's field names. */
export function parseItem(kind: ItemKind, values: ItemFormValues) {
  const common = {
    identifier: text(values.identifier),
    name: text(values.name),
    enName: text(values.enName),
    description: text(values.description),
    enDescription: text(values.enDescription),
  };
  if (kind === 'properties')
    return thingProperty.safeParse({
      ...common,
      accessMode: values.accessMode,
      required: values.required ?? false,
      dataType: toDataType(values.dataType),
    });
  if (kind === 'events')
    return thingEvent.safeParse({ ...common, type: values.type, outputData: toParams(values.outputData) });
  return thingService.safeParse({
    ...common,
    callType: values.callType,
    inputData: toParams(values.inputData),
    outputData: toParams(values.outputData),
  });
}

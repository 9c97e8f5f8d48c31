import type { TFunction } from 'i18next';
import {
  DATA_FORMATS,
  DISPATCH_RULES,
  NETWORK_METHODS,
  NODE_TYPES,
  PRODUCT_MESSAGE_TYPES,
  PROTOCOL_TYPES,
  THIRD_PARTY_PLATFORMS,
} from '@dcc/contract';

/** The product enums and the catalog prefix of their labels ('products.networkMethod.wifi' ...). */
export const PRODUCT_ENUMS = {
  networkMethod: NETWORK_METHODS,
  nodeType: NODE_TYPES,
  dataFormat: DATA_FORMATS,
  protocolType: PROTOCOL_TYPES,
  dispatchRule: DISPATCH_RULES,
  thirdPartyPlatform: THIRD_PARTY_PLATFORMS,
  productMessageType: PRODUCT_MESSAGE_TYPES,
} as const;

export type ProductEnum = keyof typeof PRODUCT_ENUMS;

/** The shown label of one enum value. */
export function enumLabel(t: TFunction, field: ProductEnum, value: string): string {
  return t(`products.${field}.${value}`);
}

/** Select options of one enum, labelled in the current language. */
export function enumOptions(t: TFunction, field: ProductEnum): { value: string; label: string }[] {
  return PRODUCT_ENUMS[field].map((value) => ({ value, label: enumLabel(t, field, value) }));
}

import type { Product } from '@dcc/contract';
import type { ProductDraft } from '../hooks.ts';

/** What the product form holds: the add call's body (the data format is chosen in step 2). */
export type ProductFormValues = Omit<ProductDraft, 'dataFormat'> & { dataFormat?: ProductDraft['dataFormat'] };

/** A fresh product's values: what the server would default to. */
export const NEW_PRODUCT: Partial<ProductFormValues> = {
  productEnName: '',
  centralControl: false,
  thSensor: false,
  lockFunction: false,
  description: '',
  image: '',
  protocolType: 'frame',
  protocolId: '',
  dispatchRule: 'changed',
  thirdPartyPlatform: 'none',
};

/** The call body from the form: an Alink product has no protocol. */
export function toProductDraft(values: ProductFormValues & Pick<ProductDraft, 'dataFormat'>): ProductDraft {
  return {
    productName: values.productName,
    productEnName: values.productEnName ?? '',
    seriesId: values.seriesId,
    networkMethod: values.networkMethod,
    nodeType: values.nodeType,
    centralControl: values.centralControl ?? false,
    thSensor: values.thSensor ?? false,
    lockFunction: values.lockFunction ?? false,
    description: values.description ?? '',
    image: values.image ?? '',
    dataFormat: values.dataFormat,
    protocolType: values.protocolType ?? 'frame',
    protocolId: values.dataFormat === 'custom' ? (values.protocolId ?? '') : '',
    dispatchRule: values.dispatchRule ?? 'changed',
    thirdPartyPlatform: values.thirdPartyPlatform ?? 'none',
  };
}

/** A stored product as form values (the basic-info editor). */
export function fromProduct(product: Product): ProductFormValues {
  const {
    productName,
    productEnName,
    seriesId,
    networkMethod,
    nodeType,
    centralControl,
    thSensor,
    lockFunction,
    description,
    image,
    dataFormat,
    protocolType,
    protocolId,
    dispatchRule,
    thirdPartyPlatform,
  } = product;
  return {
    productName,
    productEnName,
    seriesId,
    networkMethod,
    nodeType,
    centralControl,
    thSensor,
    lockFunction,
    description,
    image,
    dataFormat,
    protocolType,
    protocolId,
    dispatchRule,
    thirdPartyPlatform,
  };
}

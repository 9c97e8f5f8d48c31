import type { Product } from '@dcc/contract';

/** The product list page's route. */
export const PRODUCT_PAGE = '/company/productManage/productsManage';
/** The protocol detail page (protocalManage), where a protocol's versions and points are edited. */
export const protocolDetailPath = (protocolId: string) =>
  `/company/productManage/protocalManage/protocalDetail/${protocolId}`;
export const PARAMS_PAGE = '/company/paramsManage';

/** A product's detail page: productDetail for protocol-point products (pm), thingModelProductDetail otherwise. */
export function productDetailPath(product: Pick<Product, 'productId' | 'productMessageType'>): string {
  const page = product.productMessageType === 'pm' ? 'productDetail' : 'thingModelProductDetail';
  return `${PRODUCT_PAGE}/${page}/${product.productId}`;
}

/** The thing model draft editor of an Alink product. */
export const draftEditorPath = (productId: string) =>
  `${PRODUCT_PAGE}/thingModelProductDetail/${productId}/editTheDraft`;

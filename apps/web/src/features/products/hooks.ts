import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addProduct,
  deleteProduct,
  getThingModel,
  listProducts,
  productById,
  protocolById,
  protocolOptions,
  publishThingModel,
  saveThingModelDraft,
  seriesOptions,
  updateProduct,
  PRODUCT_SORT_FIELDS,
  type CallRequest,
  type ProductMessageType,
  type ThingModel,
} from '@dcc/contract';
import { call, type CallOptions } from '../../api/client.ts';
import { listQueryKey, sortRequest, type ListQuery } from '../../components/list/index.ts';
import { useShownLocale } from '../../i18n/useShownLocale.ts';
import { SERIES_OPTIONS_KEY } from '../series/hooks.ts';

/** The product list's name (remembered query, query cache). */
export const PRODUCT_LIST = 'productsManage';
const productKey = (productId: string) => ['catalog', 'product', productId] as const;
const thingModelKey = (productId: string) => ['catalog', 'thingModel', productId] as const;

export interface ProductFilters {
  productName: string;
  seriesId: string;
  productMessageType: '' | ProductMessageType;
}

export type ProductDraft = CallRequest<typeof addProduct>;
export type ProductUpdate = CallRequest<typeof updateProduct>;

/** One page of products. */
export function loadProducts(query: ListQuery<ProductFilters>) {
  const { pageIndex, pageSize, productName, seriesId, productMessageType } = query;
  return call(listProducts, {
    pageIndex,
    pageSize,
    productName,
    seriesId: seriesId ?? '',
    productMessageType: productMessageType ?? '',
    ...sortRequest(query, PRODUCT_SORT_FIELDS),
  });
}

/** Every series (id and name in the language shown) for the series select and filter. */
export function useSeriesOptions() {
  const locale = useShownLocale();
  return useQuery({ queryKey: [...SERIES_OPTIONS_KEY, locale], queryFn: () => call(seriesOptions, {}) });
}

/** Every protocol (named in the language shown) with its versions, for the associated-protocol select. */
export function useProtocolOptions() {
  const locale = useShownLocale();
  return useQuery({ queryKey: ['catalog', 'protocolOptions', locale], queryFn: () => call(protocolOptions, {}) });
}

/** One product (its series and protocol named in the language shown). */
export function useProduct(productId: string) {
  const locale = useShownLocale();
  return useQuery({
    queryKey: [...productKey(productId), locale],
    queryFn: () => call(productById, { id: productId }),
    enabled: productId !== '',
  });
}

/** A protocol with its versions and their point counts (the product's protocol tab). */
export function useProtocolDetail(protocolId: string) {
  return useQuery({
    queryKey: ['catalog', 'protocol', protocolId],
    queryFn: () => call(protocolById, { protocolId }),
    enabled: protocolId !== '',
    placeholderData: keepPreviousData,
  });
}

/** A product change that refreshes the product list and the product's own queries. */
function useProductMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(PRODUCT_LIST) }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}

export const useAddProduct = () => useProductMutation((draft: ProductDraft) => call(addProduct, draft));
/** Edits a product read at `draft.version`; `options.quietCodes` leaves refusals (STALE_VERSION) to the form. */
export const useUpdateProduct = (options: CallOptions = {}) =>
  useProductMutation((draft: ProductUpdate) => call(updateProduct, draft, options));
/** Deletes a product (and its thing model) read at `version`. */
export const useDeleteProduct = () =>
  useProductMutation(({ productId, version }: { productId: string; version: number }) =>
    call(deleteProduct, { productId, version }),
  );

/** Draft and published thing model of an Alink product. */
export function useThingModel(productId: string) {
  return useQuery({
    queryKey: thingModelKey(productId),
    queryFn: () => call(getThingModel, { productId }),
    enabled: productId !== '',
  });
}

function useThingModelMutation<Variables>(
  productId: string,
  mutationFn: (variables: Variables) => ReturnType<typeof call<typeof getThingModel>>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (state) => queryClient.setQueryData(thingModelKey(productId), state) });
}

/** Replaces the draft (editTheDraft or an imported document) of the model read at `version`. */
export const useSaveDraft = (productId: string, options: CallOptions = {}) =>
  useThingModelMutation(productId, ({ version, model }: { version: number; model: ThingModel }) =>
    call(saveThingModelDraft, { productId, version, model }, options),
  );
/** Publishes the draft of the model read at `version` (the draft shown is the one published). */
export const usePublish = (productId: string) =>
  useThingModelMutation(productId, (version: number) => call(publishThingModel, { productId, version }));

import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { productNameField } from '../../validation.ts';
import { avatarField } from '../people/common.ts';
import {
  CATALOG_PAGE_SIZE,
  descriptionField,
  expectedVersion,
  listAnswer,
  option,
  pageIndexField,
  pageSizeField,
  productId,
  recordVersion,
  searchField,
  sortOrderField,
  stampFields,
} from './common.ts';

/**
 * Products (productsManage, B150): a model family. A product whose data format is `custom`
 * (transparent/custom frames) reads its devices through a protocol's point table: its
 * productMessageType is `pm` and it opens productDetail. A `alink` product speaks standard Alink
 * JSON, is described by a thing model (productMessageType `tm`) and opens thingModelProductDetail.
 */

export const NETWORK_METHODS = ['wifi', 'cellular', 'ethernet', 'nbiot', 'other'] as const;
/** Directly connected device, gateway (with sub-devices), or sub-device behind a gateway. */
export const NODE_TYPES = ['direct', 'gateway', 'subDevice'] as const;
export const DATA_FORMATS = ['custom', 'alink'] as const;
/** Frames of docs/device-protocol.md through the DTU, or Modbus RTU passed through unchanged. */
export const PROTOCOL_TYPES = ['frame', 'modbusRtu'] as const;
/** How set commands go out: every settable point in one package, or only the changed points. */
export const DISPATCH_RULES = ['whole', 'changed'] as const;
export const THIRD_PARTY_PLATFORMS = ['none', 'aliyun', 'huawei', 'tencent'] as const;
export const PRODUCT_MESSAGE_TYPES = ['pm', 'tm'] as const;
export type ProductMessageType = (typeof PRODUCT_MESSAGE_TYPES)[number];

/** The message type a data format gives: custom frames are protocol-point products. */
export const messageTypeOf = (dataFormat: (typeof DATA_FORMATS)[number]): ProductMessageType =>
  dataFormat === 'custom' ? 'pm' : 'tm';

export const PRODUCT_EN_NAME_PATTERN = /^[A-Za-z0-9 _-]*$/;

export const product = z.object({
  productId: z.string(),
  productName: z.string(),
  productEnName: z.string(),
  /** Key the product's devices present when they connect (generated, unique). */
  productKey: z.string(),
  seriesId: z.string(),
  seriesName: z.string(),
  networkMethod: z.enum(NETWORK_METHODS),
  nodeType: z.enum(NODE_TYPES),
  dataFormat: z.enum(DATA_FORMATS),
  productMessageType: z.enum(PRODUCT_MESSAGE_TYPES),
  protocolType: z.enum(PROTOCOL_TYPES),
  /** The associated protocol (custom data format only); empty for Alink products. */
  protocolId: z.string(),
  protocolName: z.string(),
  /** A centralized controller: at most one per project (issue 21). */
  centralControl: z.boolean(),
  /** A temperature/humidity sensor: added to a project only after its centralized controller (issue 21). */
  thSensor: z.boolean(),
  lockFunction: z.boolean(),
  dispatchRule: z.enum(DISPATCH_RULES),
  thirdPartyPlatform: z.enum(THIRD_PARTY_PLATFORMS),
  description: z.string(),
  image: z.string(),
  /** The product record's version (optimistic concurrency); its thing model has its own. */
  version: recordVersion,
  ...stampFields,
});
export type Product = z.infer<typeof product>;

const enumField = <T extends readonly [string, ...string[]]>(values: T, key: string) => z.enum(values, { error: key });

/** Step 1 of productAdd ("improve product info"). */
export const productInfoFields = {
  productName: productNameField,
  productEnName: z
    .string({ error: 'catalog.validation.productEnName' })
    .trim()
    .max(60, 'catalog.validation.productEnName')
    .refine((value) => PRODUCT_EN_NAME_PATTERN.test(value), 'catalog.validation.productEnName')
    .default(''),
  seriesId: z
    .string({ error: 'catalog.validation.seriesId' })
    .trim()
    .min(1, 'catalog.validation.seriesId')
    .max(20, 'catalog.validation.seriesId'),
  networkMethod: enumField(NETWORK_METHODS, 'catalog.validation.networkMethod'),
  nodeType: enumField(NODE_TYPES, 'catalog.validation.nodeType'),
  centralControl: z.boolean({ error: 'catalog.validation.flag' }).default(false),
  thSensor: z.boolean({ error: 'catalog.validation.flag' }).default(false),
  lockFunction: z.boolean({ error: 'catalog.validation.flag' }).default(false),
  description: descriptionField,
  image: avatarField,
};

/** Step 2 of productAdd ("protocol info"). */
export const productProtocolFields = {
  dataFormat: enumField(DATA_FORMATS, 'catalog.validation.dataFormat'),
  protocolType: enumField(PROTOCOL_TYPES, 'catalog.validation.protocolType').default('frame'),
  /** Required for the custom data format, empty for Alink. */
  protocolId: z
    .string({ error: 'catalog.validation.protocolId' })
    .trim()
    .max(20, 'catalog.validation.protocolId')
    .default(''),
  dispatchRule: enumField(DISPATCH_RULES, 'catalog.validation.dispatchRule').default('changed'),
  thirdPartyPlatform: enumField(THIRD_PARTY_PLATFORMS, 'catalog.validation.thirdPartyPlatform').default('none'),
};

type ProtocolChoice = { dataFormat: (typeof DATA_FORMATS)[number]; protocolId: string };
const protocolMatchesFormat = (body: ProtocolChoice) =>
  body.dataFormat === 'custom' ? body.protocolId !== '' : body.protocolId === '';
const PROTOCOL_RULE = { message: 'catalog.validation.protocolForFormat', path: ['protocolId'] };

export const PRODUCT_SORT_FIELDS = ['createTime', 'updateTime', 'productName'] as const;

export const listProducts = defineCall({
  path: `${CLOUD_API}/product/list`,
  description:
    'Products with partial-match search over name and English name, series and message-type filters, sort, pages.',
  auth: 'session',
  button: Button.PRODUCTS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField.default(CATALOG_PAGE_SIZE),
      productName: searchField,
      seriesId: z
        .string({ error: 'catalog.validation.seriesId' })
        .trim()
        .max(20, 'catalog.validation.seriesId')
        .default(''),
      productMessageType: z
        .enum(['', ...PRODUCT_MESSAGE_TYPES], { error: 'catalog.validation.productMessageType' })
        .default(''),
      sortField: z.enum(PRODUCT_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(product),
});

/** Every product as id and name, ordered by name (device forms and filters). */
export const productOptions = defineCall({
  path: `${CLOUD_API}/product/options`,
  description: 'All products as id and name, ordered by name, for selects.',
  auth: 'session',
  button: null,
  request: z.object({}).strict(),
  response: z.array(option),
});

/** Spec section 7: product_byId. */
export const productById = defineCall({
  path: `${CLOUD_API}/product_byId`,
  description: 'One product with its series and protocol names.',
  auth: 'session',
  button: Button.PRODUCTS,
  request: z.object({ id: productId }).strict(),
  response: product,
});

export const addProduct = defineCall({
  path: `${CLOUD_API}/product/add`,
  description:
    "The productAdd wizard's two steps in one call; the message type follows the data format. 'product name already exists' when taken.",
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z
    .object({ ...productInfoFields, ...productProtocolFields })
    .strict()
    .refine(protocolMatchesFormat, PROTOCOL_RULE),
  response: product,
});

export const updateProduct = defineCall({
  path: `${CLOUD_API}/product/update`,
  description:
    'Edits the basic and protocol info; the data format (and so the message type) cannot change once created. STALE_VERSION when the product changed since it was read.',
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z
    .object({ productId, ...expectedVersion, ...productInfoFields, ...productProtocolFields })
    .strict()
    .refine(protocolMatchesFormat, PROTOCOL_RULE),
  response: product,
});

export const deleteProduct = defineCall({
  path: `${CLOUD_API}/product/delete`,
  description: 'Deletes a product and its thing model; STALE_VERSION when the product changed since it was read.',
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z.object({ productId, ...expectedVersion }).strict(),
  response: z.null(),
});

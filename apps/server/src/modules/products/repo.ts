import { localName, type Locale, type Product, type ProductMessageType, type listProducts } from '@dcc/contract';
import { sql, type Kysely, type UpdateResult } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import { nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

/** Products: one list for the whole platform, each with its series and (custom format) protocol. */

/** A list call's request as validated by the contract. */
export type ProductFilter = z.output<typeof listProducts.request>;

const SORT_COLUMNS = { createTime: 'p.created_at', updateTime: 'p.updated_at', productName: 'p.name' } as const;

const allProducts = (db: Kysely<DB>) =>
  db
    .selectFrom('products as p')
    .innerJoin('series as s', 's.id', 'p.series_id')
    .leftJoin('protocols as pr', 'pr.id', 'p.protocol_id');

function selectItem(query: ReturnType<typeof allProducts>) {
  return query.select([
    'p.id as productId',
    'p.name as productName',
    'p.en_name as productEnName',
    'p.product_key as productKey',
    'p.series_id as seriesId',
    's.name as seriesName',
    's.en_name as seriesEnName',
    'p.network_method',
    'p.node_type',
    'p.data_format',
    'p.message_type',
    'p.protocol_type',
    'p.protocol_id',
    'pr.name as protocolName',
    'pr.en_name as protocolEnName',
    'p.central_control as centralControl',
    'p.th_sensor as thSensor',
    'p.lock_function as lockFunction',
    'p.dispatch_rule',
    'p.third_party_platform',
    'p.description',
    'p.image',
    'p.version',
    'p.creator_name as creator',
    'p.modifier_name as modifier',
    'p.created_at',
    'p.updated_at',
  ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectItem>['executeTakeFirstOrThrow']>>;

/**
 * Stored enum columns are text; the checks of the add and update calls keep them within the contract's values.
 * The product's own names are both answered (its editor shows both); its series and protocol are named in `locale`.
 */
function toProduct(row: ProductRow, locale: Locale): Product {
  return {
    productId: row.productId,
    productName: row.productName,
    productEnName: row.productEnName,
    productKey: row.productKey,
    seriesId: row.seriesId,
    seriesName: localName(locale, row.seriesName, row.seriesEnName),
    networkMethod: row.network_method as Product['networkMethod'],
    nodeType: row.node_type as Product['nodeType'],
    dataFormat: row.data_format,
    productMessageType: row.message_type,
    protocolType: row.protocol_type as Product['protocolType'],
    protocolId: row.protocol_id ?? '',
    protocolName: localName(locale, row.protocolName ?? '', row.protocolEnName ?? ''),
    centralControl: row.centralControl,
    thSensor: row.thSensor,
    lockFunction: row.lockFunction,
    dispatchRule: row.dispatch_rule as Product['dispatchRule'],
    thirdPartyPlatform: row.third_party_platform as Product['thirdPartyPlatform'],
    description: row.description,
    image: row.image,
    version: row.version,
    creator: row.creator,
    modifier: row.modifier,
    createTime: isoTime(row.created_at),
    updateTime: isoTime(row.updated_at),
  };
}

/** One page of products and how many match. */
export async function listProductPage(
  db: Kysely<DB>,
  filter: ProductFilter,
  locale: Locale,
): Promise<{ list: Product[]; totalSize: number }> {
  let query = allProducts(db);
  if (filter.productName) {
    const pattern = containsPattern(filter.productName);
    query = query.where((eb) => eb.or([eb('p.name', 'ilike', pattern), eb('p.en_name', 'ilike', pattern)]));
  }
  if (filter.seriesId) {
    if (!isIdText(filter.seriesId)) return { list: [], totalSize: 0 };
    query = query.where('p.series_id', '=', filter.seriesId);
  }
  if (filter.productMessageType) query = query.where('p.message_type', '=', filter.productMessageType);
  const page = await sortedPage(
    query,
    selectItem,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'p.id' },
    filter,
  );
  return { list: page.rows.map((row) => toProduct(row, locale)), totalSize: page.totalSize };
}

/** A product by id, or undefined for a missing or malformed id. */
export async function findProduct(db: Kysely<DB>, productId: string, locale: Locale): Promise<Product | undefined> {
  if (!isIdText(productId)) return undefined;
  const row = await selectItem(allProducts(db)).where('p.id', '=', productId).executeTakeFirst();
  return row && toProduct(row, locale);
}

/** Every product as id and name, by name. */
/** Every product as id and its name in the reader's language (localName), ordered by that name. */
export async function productOptionList(db: Kysely<DB>, locale: Locale) {
  const rows = await db.selectFrom('products').select(['id', 'name', 'en_name']).orderBy('id').execute();
  return rows
    .map((row) => ({ id: row.id, name: localName(locale, row.name, row.en_name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Locks a product's row until the transaction ends and answers its record version; undefined when it is gone. */
export async function lockProductVersion(trx: Kysely<DB>, productId: string): Promise<number | undefined> {
  if (!isIdText(productId)) return undefined;
  return (await trx.selectFrom('products').select('version').where('id', '=', productId).forUpdate().executeTakeFirst())
    ?.version;
}

/** Whether a product key is already given to a product. */
export async function productKeyTaken(db: Kysely<DB>, productKey: string): Promise<boolean> {
  return (
    (await db.selectFrom('products').select('id').where('product_key', '=', productKey).executeTakeFirst()) !==
    undefined
  );
}

/**
 * Whether the series exists, holding it until the transaction ends (a concurrent delete of the
 * series waits for this product, then counts it).
 */
export async function holdSeries(trx: Kysely<DB>, seriesId: string): Promise<boolean> {
  if (!isIdText(seriesId)) return false;
  return (
    (await trx.selectFrom('series').select('id').where('id', '=', seriesId).forKeyShare().executeTakeFirst()) !==
    undefined
  );
}

/** Whether the protocol exists, held the same way as the series. */
export async function holdProtocol(trx: Kysely<DB>, protocolId: string): Promise<boolean> {
  if (!isIdText(protocolId)) return false;
  return (
    (await trx.selectFrom('protocols').select('id').where('id', '=', protocolId).forKeyShare().executeTakeFirst()) !==
    undefined
  );
}

/** What the maker sets on a product (the key, data format and message type are fixed at creation). */
export type ProductEdit = Omit<
  Product,
  | 'productId'
  | 'productKey'
  | 'version'
  | 'seriesName'
  | 'productMessageType'
  | 'protocolName'
  | 'creator'
  | 'modifier'
  | 'createTime'
  | 'updateTime'
>;

/** The columns every write sets from the request. */
const editableColumns = (edit: ProductEdit) => ({
  name: edit.productName,
  en_name: edit.productEnName,
  series_id: edit.seriesId,
  network_method: edit.networkMethod,
  node_type: edit.nodeType,
  protocol_type: edit.protocolType,
  protocol_id: edit.protocolId === '' ? null : edit.protocolId,
  central_control: edit.centralControl,
  th_sensor: edit.thSensor,
  lock_function: edit.lockFunction,
  dispatch_rule: edit.dispatchRule,
  third_party_platform: edit.thirdPartyPlatform,
  description: edit.description,
  image: edit.image,
});

/** Adds a product made by `makerName` with its fixed key, format and message type; answers its id. */
export async function insertProduct(
  db: Kysely<DB>,
  edit: ProductEdit,
  fixed: { productKey: string; messageType: ProductMessageType },
  makerName: string,
): Promise<string> {
  const row = await db
    .insertInto('products')
    .values({
      ...editableColumns(edit),
      product_key: fixed.productKey,
      data_format: edit.dataFormat,
      message_type: fixed.messageType,
      creator_name: makerName,
      modifier_name: makerName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a thing-model (Alink) product its empty thing model. */
export async function insertEmptyThingModel(db: Kysely<DB>, productId: string): Promise<void> {
  await db.insertInto('thing_models').values({ product_id: productId }).execute();
}

/** Rewrites a product at the record version the maker read, moving it to the next (assertVersionMatched checks the result). */
export function updateProductAtVersion(
  db: Kysely<DB>,
  product: { productId: string; version: number },
  edit: ProductEdit,
  makerName: string,
): Promise<UpdateResult> {
  return db
    .updateTable('products')
    .set({ ...editableColumns(edit), ...nextVersion, modifier_name: makerName, updated_at: sql`now()` })
    .where('id', '=', product.productId)
    .where('version', '=', product.version)
    .executeTakeFirst();
}

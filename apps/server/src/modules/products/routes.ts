import {
  ErrorCode,
  addProduct,
  deleteProduct,
  listProducts,
  messageTypeOf,
  productById,
  productOptions,
  updateProduct,
  type Product,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { assertSameVersion, assertVersionMatched, nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { makerScope, operatorName, foundOrFail, claimUniqueText } from '../catalog/index.ts';
import { assertIssuedUpload, uploaderOf } from '../uploads/index.ts';
import { newProductKey } from './product-key.ts';
import {
  findProduct,
  holdProtocol,
  holdSeries,
  listProductPage,
  lockProductVersion,
  productKeyTaken,
  productOptionList,
} from './repo.ts';

type ProductInput = Omit<
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

const existingProduct = (db: Kysely<DB>, productId: string): Promise<Product> =>
  foundOrFail(findProduct(db, productId));

/** Locks the product inside the writer's transaction: NOT_FOUND when it is gone, STALE_VERSION when it changed since the caller read it. */
async function lockAtVersion(trx: Kysely<DB>, productId: string, sent: number): Promise<void> {
  assertSameVersion(await foundOrFail(lockProductVersion(trx, productId)), sent);
}

/** Refuses a product whose series or protocol does not exist, and holds both until the transaction ends. */
async function holdReferences(trx: Kysely<DB>, input: ProductInput): Promise<void> {
  if (!(await holdSeries(trx, input.seriesId))) throw new AppError(ErrorCode.NOT_FOUND, 'catalog.error.seriesMissing');
  if (input.protocolId !== '' && !(await holdProtocol(trx, input.protocolId)))
    throw new AppError(ErrorCode.NOT_FOUND, 'catalog.error.protocolMissing');
}

/** A product key no product has yet (a clash of random keys is all but impossible; retried anyway). */
async function freshProductKey(trx: Kysely<DB>): Promise<string> {
  for (;;) {
    const key = newProductKey();
    if (!(await productKeyTaken(trx, key))) return key;
  }
}

/** The columns every write sets from the request. */
const editableColumns = (input: ProductInput) => ({
  name: input.productName,
  en_name: input.productEnName,
  series_id: input.seriesId,
  network_method: input.networkMethod,
  node_type: input.nodeType,
  protocol_type: input.protocolType,
  protocol_id: input.protocolId === '' ? null : input.protocolId,
  central_control: input.centralControl,
  th_sensor: input.thSensor,
  lock_function: input.lockFunction,
  dispatch_rule: input.dispatchRule,
  third_party_platform: input.thirdPartyPlatform,
  description: input.description,
  image: input.image,
});

/** Products (productsManage, B150); an Alink product is created with an empty thing model draft. */
export function productRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listProducts, (input) => listProductPage(db, input)),
    route(productOptions, () => productOptionList(db)),
    route(productById, (input) => existingProduct(db, input.id)),
    route(addProduct, async (input, ctx) => {
      makerScope(ctx);
      await assertIssuedUpload(db, uploaderOf(ctx), input.image);
      const operator = await operatorName(db, ctx);
      const id = await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, {
          table: 'products',
          column: 'name',
          value: input.productName,
          exceptId: null,
          taken: ErrorCode.PRODUCT_NAME_TAKEN,
        });
        await holdReferences(trx, input);
        const messageType = messageTypeOf(input.dataFormat);
        const row = await trx
          .insertInto('products')
          .values({
            ...editableColumns(input),
            product_key: await freshProductKey(trx),
            data_format: input.dataFormat,
            message_type: messageType,
            creator_name: operator.name,
            modifier_name: operator.name,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (messageType === 'tm') await trx.insertInto('thing_models').values({ product_id: row.id }).execute();
        return row.id;
      });
      return existingProduct(db, id);
    }),
    route(updateProduct, async (input, ctx) => {
      makerScope(ctx);
      const product = await existingProduct(db, input.productId);
      if (input.dataFormat !== product.dataFormat) fail(ErrorCode.DATA_FORMAT_FIXED);
      await assertIssuedUpload(db, uploaderOf(ctx), input.image, { current: product.image });
      const operator = await operatorName(db, ctx);
      await db.transaction().execute(async (trx) => {
        await lockAtVersion(trx, product.productId, input.version);
        await claimUniqueText(trx, {
          table: 'products',
          column: 'name',
          value: input.productName,
          exceptId: product.productId,
          taken: ErrorCode.PRODUCT_NAME_TAKEN,
        });
        await holdReferences(trx, input);
        const result = await trx
          .updateTable('products')
          .set({ ...editableColumns(input), ...nextVersion, modifier_name: operator.name, updated_at: sql`now()` })
          .where('id', '=', product.productId)
          .where('version', '=', input.version)
          .executeTakeFirst();
        assertVersionMatched(result);
      });
      return existingProduct(db, product.productId);
    }),
    route(deleteProduct, async (input, ctx) => {
      makerScope(ctx);
      await db.transaction().execute(async (trx) => {
        await lockAtVersion(trx, input.productId, input.version);
        await trx.deleteFrom('products').where('id', '=', input.productId).execute();
      });
      return null;
    }),
  ];
}

import { ErrorCode, messageTypeOf, type Locale, type Product } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { assertSameVersion, assertVersionMatched } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../http/app-error.ts';
import { claimNames, deleteUnlessUsed, foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import { assertIssuedUpload, type UploadOwner } from '../uploads/index.ts';
import { newProductKey } from './product-key.ts';
import {
  findProduct,
  holdProtocol,
  holdSeries,
  insertEmptyThingModel,
  insertProduct,
  lockProductVersion,
  productKeyTaken,
  updateProductAtVersion,
  type ProductEdit,
} from './repo.ts';

/** Products as the maker changes them; an Alink product is created with an empty thing model draft. */

const existingProduct = (db: Kysely<DB>, productId: string, locale: Locale): Promise<Product> =>
  foundOrFail(findProduct(db, productId, locale));

/** Locks the product inside the writer's transaction: NOT_FOUND when it is gone, STALE_VERSION when it changed since the caller read it. */
async function lockAtVersion(trx: Kysely<DB>, productId: string, sent: number): Promise<void> {
  assertSameVersion(await foundOrFail(lockProductVersion(trx, productId)), sent);
}

/** Refuses a product whose series or protocol does not exist, and holds both until the transaction ends. */
async function holdReferences(trx: Kysely<DB>, edit: ProductEdit): Promise<void> {
  if (!(await holdSeries(trx, edit.seriesId))) throw new AppError(ErrorCode.NOT_FOUND, 'catalog.error.seriesMissing');
  if (edit.protocolId !== '' && !(await holdProtocol(trx, edit.protocolId)))
    throw new AppError(ErrorCode.NOT_FOUND, 'catalog.error.protocolMissing');
}

/** A product key no product has yet (a clash of random keys is all but impossible; retried anyway). */
async function freshProductKey(trx: Kysely<DB>): Promise<string> {
  for (;;) {
    const key = newProductKey();
    if (!(await productKeyTaken(trx, key))) return key;
  }
}

const claimName = (trx: Kysely<DB>, edit: ProductEdit, exceptId: string | null) =>
  claimNames(
    trx,
    'products',
    { name: edit.productName, enName: edit.productEnName, exceptId },
    { name: ErrorCode.PRODUCT_NAME_TAKEN, enName: ErrorCode.PRODUCT_EN_NAME_TAKEN },
  );

/** Adds a product with a fresh key; its image must be an upload issued to the maker. */
export async function addCatalogProduct(
  db: Kysely<DB>,
  maker: CatalogMaker,
  uploader: UploadOwner,
  locale: Locale,
  edit: ProductEdit,
): Promise<Product> {
  await assertIssuedUpload(db, uploader, edit.image);
  const id = await db.transaction().execute(async (trx) => {
    await claimName(trx, edit, null);
    await holdReferences(trx, edit);
    const messageType = messageTypeOf(edit.dataFormat);
    const productId = await insertProduct(
      trx,
      edit,
      { productKey: await freshProductKey(trx), messageType },
      maker.name,
    );
    if (messageType === 'tm') await insertEmptyThingModel(trx, productId);
    return productId;
  });
  return existingProduct(db, id, locale);
}

/** Rewrites a product at the version the maker read; its data format stays as created (DATA_FORMAT_FIXED). */
export async function updateCatalogProduct(
  db: Kysely<DB>,
  maker: CatalogMaker,
  uploader: UploadOwner,
  locale: Locale,
  input: ProductEdit & { productId: string; version: number },
): Promise<Product> {
  const product = await existingProduct(db, input.productId, locale);
  if (input.dataFormat !== product.dataFormat) fail(ErrorCode.DATA_FORMAT_FIXED);
  await assertIssuedUpload(db, uploader, input.image, { current: product.image });
  await db.transaction().execute(async (trx) => {
    await lockAtVersion(trx, product.productId, input.version);
    await claimName(trx, input, product.productId);
    await holdReferences(trx, input);
    assertVersionMatched(
      await updateProductAtVersion(trx, { productId: product.productId, version: input.version }, input, maker.name),
    );
  });
  return existingProduct(db, product.productId, locale);
}

/**
 * Deletes a product at the version the maker read (NOT_FOUND, STALE_VERSION otherwise) that no device is
 * registered under (PRODUCT_IN_USE with their count otherwise).
 */
export async function deleteCatalogProduct(db: Kysely<DB>, input: { productId: string; version: number }) {
  await db.transaction().execute(async (trx) => {
    await lockAtVersion(trx, input.productId, input.version);
    await deleteUnlessUsed(trx, {
      table: 'products',
      id: input.productId,
      usedBy: 'devices',
      column: 'product_id',
      inUse: ErrorCode.PRODUCT_IN_USE,
    });
  });
}

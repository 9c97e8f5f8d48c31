import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { newDeviceSecret, type SecretBox } from '../devices/index.ts';

/** The platform's settings of dynamic registration per product (level 0 only: the pipeline refuses others). */

async function productOrFail(db: Kysely<DB>, productId: string) {
  const row = isIdText(productId)
    ? await db
        .selectFrom('products')
        .select(['id', 'product_secret_box'])
        .where('id', '=', productId)
        .executeTakeFirst()
    : undefined;
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row;
}

export async function setProductDynamicRegistration(db: Kysely<DB>, productId: string, enabled: boolean) {
  const product = await productOrFail(db, productId);
  await db.updateTable('products').set({ dynamic_registration: enabled }).where('id', '=', product.id).execute();
  return { productId: product.id, dynamicRegistration: enabled };
}

/** The product secret, made (and sealed) on first use or when reset; answered to the platform only. */
export async function productSecret(db: Kysely<DB>, box: SecretBox, productId: string, reset: boolean) {
  const product = await productOrFail(db, productId);
  if (product.product_secret_box && !reset)
    return { productId: product.id, productSecret: box.open(product.product_secret_box) };
  const secret = newDeviceSecret();
  await db
    .updateTable('products')
    .set({ product_secret_box: box.seal(secret) })
    .where('id', '=', product.id)
    .execute();
  return { productId: product.id, productSecret: secret };
}

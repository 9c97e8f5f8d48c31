import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { deviceCodeTaken, insertDevice } from '../devices/repo.ts';
import { newDeviceSecret, type SecretBox } from '../devices/secret-box.ts';

export interface RegistrationRequest {
  productKey: string;
  deviceCode: string;
  random: string;
  sign: string;
}

/** The signature a device sends: hex HMAC-SHA256 keyed by the product secret over productKey + deviceCode + random. */
export const registrationSign = (productSecret: string, request: Omit<RegistrationRequest, 'sign'>): string =>
  createHmac('sha256', productSecret).update(request.productKey + request.deviceCode + request.random).digest('hex');

const sameHex = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase()));

/**
 * Registers a device of a product that allows it, owned by the platform company (level 0; it moves
 * the device to its dealer later), status UNACTIVE; answers its new secret once. An unknown product
 * key and a wrong signature are refused alike (6287), a product with registration off with 6288, a
 * random seen within the window with 6593, a registered IoT code with 6500 (its secret is never
 * answered again: the console resets it).
 */
export async function registerDevice(db: Kysely<DB>, box: SecretBox, request: RegistrationRequest, windowSeconds: number) {
  const product = await db.selectFrom('products').select(['id', 'dynamic_registration', 'product_secret_box']).where('product_key', '=', request.productKey).executeTakeFirst();
  if (!product) fail(ErrorCode.REGISTRATION_SIGNATURE);
  if (!product.dynamic_registration) fail(ErrorCode.DYNAMIC_REGISTRATION_OFF);
  if (!product.product_secret_box || !sameHex(registrationSign(box.open(product.product_secret_box), request), request.sign)) fail(ErrorCode.REGISTRATION_SIGNATURE);
  await db.deleteFrom('device_registration_nonces').where('used_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`).execute();
  const fresh = await db
    .insertInto('device_registration_nonces')
    .values({ product_id: product.id, random: request.random })
    .onConflict((conflict) => conflict.columns(['product_id', 'random']).doNothing())
    .returning('random')
    .executeTakeFirst();
  if (!fresh) fail(ErrorCode.REGISTRATION_REPLAYED);
  const owner = await db.selectFrom('dealers').select('id').where('level', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const deviceSecret = newDeviceSecret();
  await db.transaction().execute(async (trx) => {
    if (await deviceCodeTaken(trx, request.deviceCode)) fail(ErrorCode.DEVICE_CODE_TAKEN);
    // The device registers itself: the log names no person.
    await insertDevice(trx, {
      deviceCode: request.deviceCode, deviceName: request.deviceCode, productId: product.id, sn: '', model: '', address: '', dealerId: owner.id, secretBox: box.seal(deviceSecret),
    }, { operator: null, action: 'register' });
  });
  return { deviceCode: request.deviceCode, deviceSecret };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { deviceCodeTaken, insertDevice, newDeviceSecret, type SecretBox } from '../devices/index.ts';

export interface RegistrationRequest {
  productKey: string;
  deviceCode: string;
  random: string;
  sign: string;
}

/** The signature a device sends: hex HMAC-SHA256 keyed by the product secret over productKey + deviceCode + random. */
export const registrationSign = (productSecret: string, request: Omit<RegistrationRequest, 'sign'>): string =>
  createHmac('sha256', productSecret)
    .update(request.productKey + request.deviceCode + request.random)
    .digest('hex');

const sameHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase()));

/** Signs for an unknown product key or one without a secret: the refusal costs what a wrong signature costs. */
const NO_PRODUCT_SECRET = 'no product has this key';

/**
 * Registers a device of a product that allows it, owned by the platform company (level 0; it moves
 * the device to its dealer later), status UNACTIVE; answers its new secret once. Until the signature
 * is proven nothing about the product is told: an unknown product key and a wrong signature are
 * refused alike (6287), in the same work (the signature is checked against a stand-in secret). Only
 * a right signature learns that registration is off (6288), that its random was seen within the
 * window (6593) or that the IoT code is registered (6500; its secret is never answered again: the
 * console resets it).
 */
export async function registerDevice(
  db: Kysely<DB>,
  box: SecretBox,
  request: RegistrationRequest,
  windowSeconds: number,
  /** Told, once committed, the dealer the device was registered under (its counts moved). */
  onRegistered?: (dealerId: string) => void,
) {
  const product = await db
    .selectFrom('products')
    .select(['id', 'dynamic_registration', 'product_secret_box'])
    .where('product_key', '=', request.productKey)
    .executeTakeFirst();
  const secret = product?.product_secret_box ? box.open(product.product_secret_box) : NO_PRODUCT_SECRET;
  const proven = sameHex(registrationSign(secret, request), request.sign);
  if (!product?.product_secret_box || !proven) fail(ErrorCode.REGISTRATION_SIGNATURE);
  if (!product.dynamic_registration) fail(ErrorCode.DYNAMIC_REGISTRATION_OFF);
  await db
    .deleteFrom('device_registration_nonces')
    .where('used_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .execute();
  const fresh = await db
    .insertInto('device_registration_nonces')
    .values({ product_id: product.id, random: request.random })
    .onConflict((conflict) => conflict.columns(['product_id', 'random']).doNothing())
    .returning('random')
    .executeTakeFirst();
  if (!fresh) fail(ErrorCode.REGISTRATION_REPLAYED);
  const owner = await db
    .selectFrom('dealers')
    .select('id')
    .where('level', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const deviceSecret = newDeviceSecret();
  await db.transaction().execute(async (trx) => {
    if (await deviceCodeTaken(trx, request.deviceCode)) fail(ErrorCode.DEVICE_CODE_TAKEN);
    // The device registers itself: the log names no person.
    await insertDevice(
      trx,
      {
        deviceCode: request.deviceCode,
        deviceName: request.deviceCode,
        productId: product.id,
        sn: '',
        model: '',
        address: '',
        dealerId: owner.id,
        secretBox: box.seal(deviceSecret),
      },
      { operator: null, action: 'register' },
    );
  });
  onRegistered?.(owner.id);
  return { deviceCode: request.deviceCode, deviceSecret };
}

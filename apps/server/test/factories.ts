import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { insertDealer, insertMember, insertRole, insertUser } from '../src/db/seed/people.ts';
import { hashPasswordDigest, md5Hex } from '../src/auth/password.ts';

let sequence = 0;
/** Unique across the workers of a run too: files side by side share an external broker, where device codes must not meet. */
const next = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(sequence += 1)}`;

/** A dealer under a parent (or a level-0 company). */
export async function newDealer(
  db: Kysely<DB>,
  options: { parentId?: string | null; level?: number; name?: string } = {},
): Promise<string> {
  const suffix = next();
  return insertDealer(db, {
    name: options.name ?? `Dealer ${suffix}`,
    code: `T-${suffix}`,
    level: options.level ?? (options.parentId ? 1 : 0),
    parentId: options.parentId ?? null,
  });
}

/** The usual tree of the scoping tests: P (level 0) -> A -> A1, and B beside A. */
export async function newDealerTree(db: Kysely<DB>): Promise<{ P: string; A: string; A1: string; B: string }> {
  const P = await newDealer(db, { level: 0 });
  const A = await newDealer(db, { parentId: P, level: 1 });
  return {
    P,
    A,
    A1: await newDealer(db, { parentId: A, level: 2 }),
    B: await newDealer(db, { parentId: P, level: 1 }),
  };
}

/**
 * The demo password's hash, made once per worker: a hash is a deliberate 40 ms of CPU, and the suites make hundreds of
 * accounts with this one password (a sign-in still checks it at full cost; a salt shared by test accounts tells nothing).
 */
let demoHash: Promise<string> | undefined;
export const demoPasswordHash = (): Promise<string> => (demoHash ??= hashPasswordDigest(md5Hex(DEMO_PASSWORD)));

/** An account (dealer identity by default) with the demo password unless told otherwise. */
export async function newUser(
  db: Kysely<DB>,
  options: {
    phone?: string;
    identity?: 'dealer' | 'user';
    password?: string;
    realName?: string;
    passwordChangedAt?: Date;
  } = {},
): Promise<{ id: string; phone: string }> {
  const phone = options.phone ?? `135${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const id = await insertUser(db, {
    userName: phone,
    realName: options.realName ?? `User ${phone}`,
    identity: options.identity ?? 'dealer',
    ...(options.password === undefined ? { passwordHash: await demoPasswordHash() } : { password: options.password }),
    passwordChangedAt: options.passwordChangedAt,
  });
  return { id, phone };
}

export const newRole = (db: Kysely<DB>, dealerId: string, buttons: readonly string[]): Promise<string> =>
  insertRole(db, { dealerId, name: `Role ${next()}`, buttons });

/** Makes an account a member of a dealer with one new role holding `buttons`. */
export async function newMember(
  db: Kysely<DB>,
  dealerId: string,
  userId: string,
  buttons: readonly string[],
): Promise<{ memberId: string; roleId: string }> {
  const roleId = await newRole(db, dealerId, buttons);
  const memberId = await insertMember(db, { dealerId, userId, roleIds: [roleId] });
  return { memberId, roleId };
}

/** A catalog product (Alink, in a series of its own) for records that name one, such as devices. */
export async function newProduct(db: Kysely<DB>): Promise<string> {
  const suffix = next();
  const series = await db
    .insertInto('series')
    .values({ name: `Series ${suffix}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      name: `Product ${suffix}`,
      product_key: `pk-${suffix}`,
      series_id: series.id,
      network_method: 'cellular',
      node_type: 'direct',
      data_format: 'alink',
      // protocol_type and dispatch_rule as productAdd writes them by default: the product list must be able to answer the product.
      message_type: 'tm',
      protocol_type: 'frame',
      dispatch_rule: 'changed',
      third_party_platform: 'none',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return product.id;
}

/** A device owned by `dealerId`, sealed under the test app's development key; answers its id. */
export async function newDevice(
  db: Kysely<DB>,
  dealerId: string,
  box: { seal(secret: string): Buffer },
  productId?: string,
): Promise<string> {
  const suffix = next();
  const row = await db
    .insertInto('devices')
    .values({
      device_code: `DEV-${suffix}`,
      device_name: `Device ${suffix}`,
      product_id: productId ?? (await newProduct(db)),
      dealer_id: dealerId,
      secret_box: box.seal(`secret-${suffix}`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

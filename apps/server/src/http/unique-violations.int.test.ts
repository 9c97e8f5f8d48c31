import { ErrorCode } from '@dcc/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newDealer, newDevice, newProduct } from '../../test/factories.ts';
import { usePeopleApp } from '../../test/people-setup.ts';
import { takenRefusal } from './unique-violations.ts';

const env = usePeopleApp();
const box = { seal: (secret: string) => Buffer.from(secret) };

/** The error a write throws (the test fails if it succeeds). */
async function refusalOf(write: () => Promise<unknown>): Promise<unknown> {
  await write();
  return write().then(
    () => expect.unreachable('the second write must be refused'),
    (error: unknown) => error,
  );
}

describe('unique violations answer as the call checks do', () => {
  it('knows the real name of every unique constraint a caller can hit', async () => {
    const db = env.t.db;
    const dealer = await newDealer(db, { level: 0 });
    const cases: Array<[() => Promise<unknown>, ErrorCode: number]> = [
      [
        () =>
          sql`insert into dealers (parent_id, level, name, code) values (${dealer}, 1, 'Twin', 'TWIN-CODE')`.execute(
            db,
          ),
        ErrorCode.DEALER_CODE_TAKEN,
      ],
      [
        () =>
          sql`insert into departments (owner_dealer_id, code, name, production_base) values (${dealer}, 'D-1', 'Shop', 'Base')`.execute(
            db,
          ),
        ErrorCode.DEPARTMENT_CODE_EXISTS,
      ],
      [
        () => sql`insert into users (user_name, identity, password_hash) values ('pda-twin', 'pda', 'x')`.execute(db),
        ErrorCode.USER_NAME_EXISTS,
      ],
      [
        () =>
          sql`insert into users (user_name, identity, password_hash) values ('13800000999', 'engineer', 'x')`.execute(
            db,
          ),
        ErrorCode.PHONE_EXISTS,
      ],
      [
        () => sql`insert into buttons (id, label_key, sort) values ('BTWIN', 'x', 1)`.execute(db),
        ErrorCode.BUTTON_ID_TAKEN,
      ],
      [() => sql`insert into series (name) values ('Twin series')`.execute(db), ErrorCode.SERIES_NAME_TAKEN],
      [() => sql`insert into data_types (name) values ('Twin type')`.execute(db), ErrorCode.DATA_TYPE_NAME_TAKEN],
      [
        () => sql`insert into protocols (name, code) values ('Twin', 'TWINP')`.execute(db),
        ErrorCode.PROTOCOL_CODE_TAKEN,
      ],
    ];
    for (const [write, code] of cases) expect(takenRefusal(await refusalOf(write))?.code).toBe(code);

    const protocol = await sql<{ id: string }>`select id from protocols where code = 'TWINP'`.execute(db);
    const protocolId = protocol.rows[0]!.id;
    expect(
      takenRefusal(
        await refusalOf(() =>
          sql`insert into protocol_versions (protocol_id, name) values (${protocolId}, 'V9')`.execute(db),
        ),
      )?.code,
    ).toBe(ErrorCode.VERSION_NAME_TAKEN);
    const productId = await newProduct(db);
    const product = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    const { id: _id, version: _v, created_at: _c, updated_at: _u, ...copy } = product;
    const productTwin = await db
      .insertInto('products')
      .values({ ...copy, product_key: 'pk-twin-of-product' })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(takenRefusal(productTwin)?.code).toBe(ErrorCode.PRODUCT_NAME_TAKEN);

    const deviceId = await newDevice(db, dealer, box);
    const device = await db
      .selectFrom('devices')
      .select(['device_code', 'product_id'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    const deviceTwin = await db
      .insertInto('devices')
      .values({
        device_code: device.device_code,
        device_name: 'Twin',
        product_id: device.product_id,
        dealer_id: dealer,
        secret_box: box.seal('s'),
      })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(takenRefusal(deviceTwin)).toEqual({ code: ErrorCode.DEVICE_CODE_TAKEN, field: 'deviceCode' });
    expect(
      takenRefusal(
        await refusalOf(() =>
          sql`insert into device_macs (mac, owner_dealer_id) values ('5C:00:00:00:00:01', ${dealer})`.execute(db),
        ),
      )?.code,
    ).toBe(ErrorCode.MAC_TAKEN);
    const macTwin =
      await sql`insert into device_macs (mac, owner_dealer_id, state, device_id) values ('5C:00:00:00:00:02', ${dealer}, 'occupied', ${deviceId}), ('5C:00:00:00:00:03', ${dealer}, 'occupied', ${deviceId})`
        .execute(db)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    expect(takenRefusal(macTwin)?.code).toBe(ErrorCode.DEVICE_HAS_MAC);
    expect(takenRefusal(new Error('other'))).toBeUndefined();
    expect(takenRefusal({ code: '23505', constraint: 'toString' })).toBeUndefined();
  });
});

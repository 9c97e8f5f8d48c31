import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newDealer } from '../../test/factories.ts';
import { useMigratedDatabase } from '../../test/migrated-database.ts';

const migrated = useMigratedDatabase();

describe('migration 017_devices.sql', () => {
  it('keeps IoT codes topic-safe and unique, SNs unique when given, and statuses and signals to their lists', async () => {
    const db = migrated().db;
    const dealerId = await newDealer(db);
    const series = await sql<{
      id: string;
    }>`insert into series (name) values ('Devices migration series') returning id`.execute(db);
    const product = await sql<{ id: string }>`
      insert into products (name, product_key, series_id, network_method, node_type, data_format, message_type, protocol_type, dispatch_rule, third_party_platform)
      values ('Devices migration product', 'pk-devices-migration', ${series.rows[0]!.id}, 'cellular', 'direct', 'alink', 'tm', 'alink', 'none', 'none') returning id`.execute(
      db,
    );
    const productId = product.rows[0]!.id;
    const insert = (values: Partial<{ device_code: string; sn: string; status: string; signal: string }>) =>
      db
        .insertInto('devices')
        .values({
          device_code: 'HP-0001',
          device_name: 'Heat pump',
          product_id: productId,
          dealer_id: dealerId,
          secret_box: randomBytes(40),
          ...(values as object),
        })
        .returning(['id', 'status', 'locked', 'version'])
        .executeTakeFirstOrThrow();

    expect(await insert({})).toMatchObject({ status: 'UNACTIVE', locked: false, version: 1 });
    await expect(insert({})).rejects.toThrow();
    for (const code of ['dev/1', 'HP+1', 'HP#1', 'abc', 'x'.repeat(65), 'HP 01'])
      await expect(insert({ device_code: code })).rejects.toThrow();
    // Empty SNs (unknown) may repeat; a given SN may not.
    await insert({ device_code: 'HP-0002' });
    await insert({ device_code: 'HP-0003', sn: 'SN-0001' });
    await expect(insert({ device_code: 'HP-0004', sn: 'SN-0001' })).rejects.toThrow();
    await expect(insert({ device_code: 'HP-0005', status: 'ACTIVE' })).rejects.toThrow();
    await expect(insert({ device_code: 'HP-0006', signal: 'loud' })).rejects.toThrow();
    expect(await insert({ device_code: 'HP-0007', signal: 'strong', status: 'ONLINE' })).toMatchObject({
      status: 'ONLINE',
    });
    const count = Number(
      (
        await db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(count).toBe(4);
  });
});

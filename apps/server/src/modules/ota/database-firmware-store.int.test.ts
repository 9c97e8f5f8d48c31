import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertFirmware } from '../../../test/matrix/ota-records.ts';
import { newFirmware, otaWorld, type OtaWorld } from '../../../test/ota-setup.ts';
import { DatabaseFirmwareStore } from './database-firmware-store.ts';

/** The database firmware store, the default: files in their rows, read whole or by span. */
let t: TestApp;
let world: OtaWorld;
let store: DatabaseFirmwareStore;
beforeAll(async () => {
  t = await startTestApp();
  world = await otaWorld(t);
  store = new DatabaseFirmwareStore(t.db);
});
afterAll(async () => t?.close());

describe('database firmware store', () => {
  it('keeps an upload in its row and reads it whole and by span', async () => {
    const fw = await newFirmware(t, world, { version: '4.0.0', size: 3000 });
    const row = await t.db
      .selectFrom('ota_firmware')
      .select(['stored_in', 'bytes'])
      .where('id', '=', fw.firmwareId)
      .executeTakeFirstOrThrow();
    expect(row.stored_in).toBe('database');
    expect(Buffer.from(row.bytes!).equals(fw.bytes)).toBe(true);
    expect(await store.exists(fw.firmwareId)).toBe(true);
    expect((await store.read(fw.firmwareId))?.equals(fw.bytes)).toBe(true);
    expect((await store.read(fw.firmwareId, { start: 1000, end: 1999 }))?.equals(fw.bytes.subarray(1000, 2000))).toBe(
      true,
    );
  });

  it('puts a file in the row written in the same transaction, and has none for a row of another store', async () => {
    const firmwareId = await insertFirmware(t.db, world.A, 'second');
    const bytes = randomBytes(100);
    await t.db.transaction().execute((trx) => store.put(firmwareId, bytes, trx));
    expect((await store.read(firmwareId))?.equals(bytes)).toBe(true);
    await t.db.updateTable('ota_firmware').set({ bytes: null, stored_in: 's3' }).where('id', '=', firmwareId).execute();
    expect(await store.exists(firmwareId)).toBe(false);
    expect(await store.read(firmwareId)).toBeUndefined();
    expect(await store.read('999999999')).toBeUndefined();
  });

  it('refuses an S3 firmware row that holds bytes (migration 101)', async () => {
    const firmwareId = await insertFirmware(t.db, world.A, 'second');
    await expect(
      t.db.updateTable('ota_firmware').set({ stored_in: 's3' }).where('id', '=', firmwareId).execute(),
    ).rejects.toThrow(/ota_firmware_s3_bytes_elsewhere/);
  });
});

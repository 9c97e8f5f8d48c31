import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newDealer, newMember, newProduct, newUser } from '../../test/factories.ts';
import { createScratchDatabase } from '../../test/test-database.ts';
import { openDatabase } from './database.ts';
import { migrate, migrationFiles } from './migrate.ts';

/**
 * The last migration of the first release: the schema before the issues still open (18 on) changed it.
 * An installation of that release upgrades by starting the new build, which applies the rest.
 */
const FIRST_RELEASE_LAST_MIGRATION = '032_fault_repair_log.sql';

const databaseUrl = process.env.DATABASE_URL;

describe('upgrading a database of the first release', () => {
  it('applies every later migration over its data and keeps that data', async () => {
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : null;
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 1 });
    try {
      const files = await migrationFiles();
      const released = await migrate(database, FIRST_RELEASE_LAST_MIGRATION);
      expect(released).toEqual(files.filter((name) => name <= FIRST_RELEASE_LAST_MIGRATION));
      const db = database.db;

      // What an installation of that release holds: a company tree, accounts and members, a device with its
      // latest values, history, raw packets, a fault and refusal counts.
      const company = await newDealer(db, { level: 0, name: 'Release company' });
      const dealer = await newDealer(db, { parentId: company, name: 'Release dealer' });
      const owner = await newUser(db, { phone: '13912345678' });
      await newMember(db, dealer, owner.id, []);
      const product = await newProduct(db);
      const device = await sql<{ id: string }>`
        insert into devices (device_code, device_name, product_id, dealer_id, secret_box, status, activated_at)
        values ('REL-0001', 'Release heat pump', ${product}, ${dealer}, ${randomBytes(40)}, 'OFFLINE', now()) returning id`.execute(
        db,
      );
      const deviceId = device.rows[0]!.id;
      await sql`insert into device_values (device_id, point_values, reported_at) values (${deviceId}, '{"1": 45.5}'::jsonb, '{"1": "2026-11-01T00:00:00Z"}'::jsonb)`.execute(
        db,
      );
      for (const table of ['telemetry_history', 'raw_packets'])
        await sql
          .raw(`create table ${table}_20261101 partition of ${table} for values from ('2026-11-01') to ('2026-11-02')`)
          .execute(db);
      await sql`insert into telemetry_history (day, device_id, at, seq, digest, addresses, point_values)
        values ('2026-11-01', ${deviceId}, '2026-11-01T00:00:00Z', 1, 11, '{1,2}', '{45.5,12}')`.execute(db);
      await sql`insert into raw_packets (day, device_id, at, seq, digest, payload, kind)
        values ('2026-11-01', ${deviceId}, '2026-11-01T00:00:00Z', 1, 11, ${Buffer.from('aa5501', 'hex')}, 'report')`.execute(
        db,
      );
      await sql`insert into device_faults (device_id, address, fault_code, level, fault_type, opened_at)
        values (${deviceId}, 7, 'E01', 3, 'heavy', '2026-11-01T00:00:00Z')`.execute(db);
      await sql`insert into ingest_refusals (device_code, reason, count, first_at, last_at)
        values ('REL-0001', 'frame.badCrc', 4, now(), now())`.execute(db);

      const upgraded = await migrate(database);
      expect(upgraded).toEqual(files.filter((name) => name > FIRST_RELEASE_LAST_MIGRATION));

      const kept = await sql<Record<string, unknown>>`
        select d.device_code, d.device_name, d.status, dl.name as dealer, parent.name as company,
          (select point_values::text from device_values where device_id = d.id) as latest,
          (select point_values::text from telemetry_history where device_id = d.id) as history,
          (select encode(payload, 'hex') from raw_packets where device_id = d.id) as packet,
          (select fault_code from device_faults where device_id = d.id) as fault,
          (select count from ingest_refusals where device_code = d.device_code)::int as refusals,
          (select count(*) from users where user_name = '13912345678')::int as owners
        from devices d join dealers dl on dl.id = d.dealer_id join dealers parent on parent.id = dl.parent_id
        where d.device_code = 'REL-0001'`.execute(db);
      expect(kept.rows).toEqual([
        {
          device_code: 'REL-0001',
          device_name: 'Release heat pump',
          status: 'OFFLINE',
          dealer: 'Release dealer',
          company: 'Release company',
          latest: '{"1": 45.5}',
          history: '{45.5,12}',
          packet: 'aa5501',
          fault: 'E01',
          refusals: 4,
          owners: 1,
        },
      ]);
      // Forward-only: a second start applies nothing.
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
      await scratch?.drop();
    }
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-database.ts';
import { logOperation } from '../modules/device-commands/index.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const MIGRATION = '091_device_operations_by_day.sql';
/** Every migration numbered before it (another branch's 090 included). */
const BEFORE = '090~';
const databaseUrl = process.env.DATABASE_URL;

describe(`migration ${MIGRATION}`, () => {
  it("moves the operation log's entries into day partitions with their ids, and the log goes on after them", async () => {
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : null;
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 1 });
    try {
      await migrate(database, BEFORE);
      const db = database.db;
      for (const [at, summary] of [
        ['2026-10-31T23:59:59Z', 'late'],
        ['2026-11-01T00:00:00Z', 'early'],
        ['2026-11-01T12:00:00Z', 'noon'],
      ] as const) {
        await sql`insert into device_operations (device_id, device_code, action, summary, outcome, created_at, changes)
          values (7, 'OLD-0001', 'lock', ${summary}, 'applied', ${at}, '[{"field":"locked","from":false,"to":true}]')`.execute(
          db,
        );
      }
      const before = await sql<{
        id: string;
        summary: string;
      }>`select id, summary from device_operations order by id`.execute(db);

      expect(await migrate(database)).toContain(MIGRATION);
      const partitions = await sql<{ name: string; rows: number }>`
        select c.relname as name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text::int as rows
        from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = 'device_operations' order by 1`.execute(db);
      expect(partitions.rows).toEqual([
        { name: 'device_operations_20261031', rows: 1 },
        { name: 'device_operations_20261101', rows: 2 },
      ]);
      const after = await sql<{ id: string; summary: string; day: string; changes: unknown }>`
        select id, summary, to_char(day, 'YYYY-MM-DD') as day, changes from device_operations order by id`.execute(db);
      expect(after.rows.map(({ id, summary }) => ({ id, summary }))).toEqual(before.rows);
      expect(after.rows.map((row) => row.day)).toEqual(['2026-10-31', '2026-11-01', '2026-11-01']);
      expect(after.rows[0]!.changes).toEqual([{ field: 'locked', from: false, to: true }]);

      // The writers make today's partition; the ids go on after the copied ones; the checks stay.
      await logOperation(db, {
        deviceId: '7',
        deviceCode: 'OLD-0001',
        operator: null,
        action: 'unlock',
        request: {},
        summary: 'new',
        outcome: 'applied',
        createdAt: new Date(),
      });
      const newest = await db
        .selectFrom('device_operations')
        .select(['id', 'summary'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(newest.summary).toBe('new');
      expect(BigInt(newest.id) > BigInt(before.rows.at(-1)!.id)).toBe(true);
      await expect(
        sql`insert into device_operations (device_id, device_code, action, outcome) values (7, 'OLD-0001', 'fly', 'applied')`.execute(
          db,
        ),
      ).rejects.toThrow(/device_operations_action_check/);
      const kinds = await db.selectFrom('log_retention').select(['kind', 'days']).orderBy('kind').execute();
      expect(kinds).toContainEqual({ kind: 'operation', days: 180 });
    } finally {
      await database.close();
      await scratch?.drop();
    }
  });
});

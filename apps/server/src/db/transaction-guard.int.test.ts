import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../test/migrated-database.ts';
import { RootQueryInsideTransaction } from './transaction-guard.ts';

const migrated = useMigratedDatabase();

const one = async () => (await sql<{ one: number }>`select 1 as one`.execute(migrated().db)).rows[0]?.one;
const probes = async () =>
  (await sql<{ note: string }>`select note from guard_probe order by note`.execute(migrated().db)).rows.map(
    (row) => row.note,
  );

/** A promise and the function that settles it, to hold a flow at a point until the test lets it go. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

beforeAll(async () => {
  await sql`create table guard_probe (note text not null)`.execute(migrated().db);
});

describe('a query on the root handle inside a transaction (both engines)', () => {
  it('is refused, and the transaction rolls back, instead of waiting forever on PGlite', async () => {
    const attempt = migrated()
      .db.transaction()
      .execute(async (trx) => {
        await sql`insert into guard_probe values ('inside')`.execute(trx);
        await one();
      });
    await expect(attempt).rejects.toBeInstanceOf(RootQueryInsideTransaction);
    expect(await probes()).toEqual([]);
  });

  it('is refused for a prepared statement too', async () => {
    const attempt = migrated()
      .db.transaction()
      .execute(() => migrated().prepared({ name: 'guard_probe_one', text: 'select 1 as one' }, []));
    await expect(attempt).rejects.toBeInstanceOf(RootQueryInsideTransaction);
  });

  it("leaves the transaction's own handle, other flows and the work after commit alone", async () => {
    const held = gate();
    const afterCommit = gate();
    let leftRunning: Promise<number | undefined> | undefined;
    const transaction = migrated()
      .db.transaction()
      .execute(async (trx) => {
        await sql`insert into guard_probe values ('committed')`.execute(trx);
        leftRunning = afterCommit.passed.then(one);
        await held.passed;
      });
    // Another flow while the transaction is open: PostgreSQL answers it at once, PGlite after the commit.
    const elsewhere = one();
    held.open();
    await transaction;
    afterCommit.open();
    expect(await elsewhere).toBe(1);
    expect(await leftRunning).toBe(1);
    expect(await one()).toBe(1);
    expect(await probes()).toEqual(['committed']);
  });
});

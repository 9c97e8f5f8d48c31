import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { newDealer } from '../factories.ts';
import { snapshotTables } from './snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe("the matrices' table snapshot", () => {
  it('is equal while nothing is written, and differs after an insert, an update (even to the same values) or a delete', async () => {
    const dealerId = await newDealer(t.db);
    const changed = async (write: () => Promise<unknown>) => {
      const before = await snapshotTables(t.db);
      await write();
      const after = await snapshotTables(t.db);
      return Object.keys(before).filter((table) => before[table] !== after[table]);
    };
    expect(await changed(async () => undefined)).toEqual([]);
    expect(await changed(() => sql`update dealers set name = name where id = ${dealerId}`.execute(t.db))).toEqual([
      'dealers',
    ]);
    expect(await changed(() => newDealer(t.db))).toEqual(['dealers']);
    expect(await changed(() => t.db.deleteFrom('dealers').where('id', '=', dealerId).execute())).toEqual(['dealers']);
  });
});

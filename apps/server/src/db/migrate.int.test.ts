import { describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { createScratchDatabase } from '../../test/test-database.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const MIGRATION_FILES = (await fs.readdir(new URL('./migrations', import.meta.url)))
  .filter((name) => name.endsWith('.sql'))
  .sort();
const databaseUrl = process.env.DATABASE_URL;

describe('migrations', () => {
  it.skipIf(!databaseUrl)(
    'two servers starting together on one PostgreSQL database apply each migration once',
    async () => {
      const scratch = await createScratchDatabase(databaseUrl!);
      try {
        const servers = await Promise.all(
          [1, 2].map(() => openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolSize: 2 })),
        );
        try {
          const applied = await Promise.all(servers.map((database) => migrate(database)));
          expect(applied.flat().sort()).toEqual(MIGRATION_FILES);
        } finally {
          await Promise.all(servers.map((database) => database.close()));
        }
      } finally {
        await scratch.drop();
      }
    },
  );

  it('a second run applies nothing', async () => {
    // On the pass's own engine: an empty PostgreSQL database (quick to make), else an empty PGlite in memory.
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : null;
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 1 });
    try {
      expect(await migrate(database)).toEqual(MIGRATION_FILES);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
      await scratch?.drop();
    }
  });
});

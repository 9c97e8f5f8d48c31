import type { Kysely } from 'kysely';
import type { DealerScope } from '../src/auth/permission-repo.ts';
import type { DB } from '../src/db/schema.ts';

/**
 * The scope of a company as the permission check would find it, for tests that call services or
 * repositories directly. The only place outside the permission check that makes a DealerScope.
 */
export async function testScope(db: Kysely<DB>, dealerId: string): Promise<DealerScope> {
  const row = await db
    .selectFrom('dealers')
    .select(['id', 'level', 'path'])
    .where('id', '=', dealerId)
    .executeTakeFirstOrThrow();
  return { dealerId: row.id, level: row.level, path: row.path } as unknown as DealerScope;
}

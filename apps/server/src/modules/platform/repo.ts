import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The platform status entries in their order, with their messages in both languages. */
export function platformStatusRows(db: Kysely<DB>) {
  return db
    .selectFrom('platform_status')
    .select(['state', 'status', 'message_zh', 'message_en'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

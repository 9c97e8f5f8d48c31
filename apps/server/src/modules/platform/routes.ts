import { PLATFORM_STATUS_PATH, type PlatformStatusEntry } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { localeOf } from '../../http/locale.ts';
import { platformStatusRows } from './repo.ts';

/** The platform status file: GET, no session, not enveloped, in the caller's language. */
export function registerPlatformStatus(app: FastifyInstance, db: Kysely<DB>): void {
  app.get(PLATFORM_STATUS_PATH, async (request, reply) => {
    const rows = await platformStatusRows(db);
    const chinese = localeOf(request) === 'zh-CN';
    const entries: PlatformStatusEntry[] = rows.map((row) => ({
      state: row.state,
      status: row.status,
      message: chinese ? row.message_zh : row.message_en,
    }));
    return reply.header('cache-control', 'no-store').send(entries);
  });
}

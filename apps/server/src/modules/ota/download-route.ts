import { ErrorCode } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { parseRange } from './byte-range.ts';
import { FIRMWARE_DOWNLOAD_PREFIX, type FirmwareLinks } from './download-links.ts';

/**
 * The GET devices download firmware with: only through a link the rollout signed (HMAC over firmware, job and
 * expiry), with range requests so that a dropped download resumes where it stopped. Only the bytes asked for
 * are read from the database.
 */
export function registerFirmwareDownload(app: FastifyInstance, db: Kysely<DB>, links: FirmwareLinks): void {
  app.get<{ Params: { firmwareId: string; jobId: string }; Querystring: { expires?: string; sig?: string } }>(
    `${FIRMWARE_DOWNLOAD_PREFIX}:firmwareId/:jobId`,
    async (request, reply) => {
      const { firmwareId, jobId } = request.params;
      if (!links.check(firmwareId, jobId, request.query.expires, request.query.sig)) fail(ErrorCode.OTA_LINK_INVALID);
      const found = await db.selectFrom('ota_firmware').select('size').where('id', '=', firmwareId).executeTakeFirst();
      if (!found) fail(ErrorCode.OTA_LINK_INVALID);
      const ask = parseRange(request.headers.range, found.size);
      reply
        .type('application/octet-stream')
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (ask.kind === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${found.size}`).send();
      const start = ask.kind === 'part' ? ask.start : 0;
      const end = ask.kind === 'part' ? ask.end : found.size - 1;
      const { part } = await db
        .selectFrom('ota_firmware')
        .select(sql<Buffer>`substring(bytes from ${start + 1} for ${end - start + 1})`.as('part'))
        .where('id', '=', firmwareId)
        .executeTakeFirstOrThrow();
      if (ask.kind === 'part') reply.code(206).header('Content-Range', `bytes ${start}-${end}/${found.size}`);
      return reply.send(Buffer.from(part));
    },
  );
}

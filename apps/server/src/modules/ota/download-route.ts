import { ErrorCode } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { parseRange } from './byte-range.ts';
import { FirmwareBytes } from './firmware-bytes.ts';
import { FIRMWARE_DOWNLOAD_PREFIX, type FirmwareLinks } from './download-links.ts';
import type { FirmwareStores } from './firmware-store.ts';

/**
 * The GET devices download firmware with: only through a link the rollout signed (HMAC over firmware, job and
 * expiry), with range requests so that a dropped download resumes where it stopped. The firmware must still
 * exist (a deleted one is not served, whatever the instance keeps); its bytes come from the instance's copy or
 * its store. A file the store does not have answers 404 OTA_FIRMWARE_FILE_MISSING before any byte is sent.
 */
export function registerFirmwareDownload(
  app: FastifyInstance,
  db: Kysely<DB>,
  links: FirmwareLinks,
  stores: FirmwareStores,
): void {
  const files = new FirmwareBytes(stores);
  app.get<{ Params: { firmwareId: string; jobId: string }; Querystring: { expires?: string; sig?: string } }>(
    `${FIRMWARE_DOWNLOAD_PREFIX}:firmwareId/:jobId`,
    async (request, reply) => {
      const { firmwareId, jobId } = request.params;
      if (!links.check(firmwareId, jobId, request.query.expires, request.query.sig)) fail(ErrorCode.OTA_LINK_INVALID);
      const found = await db
        .selectFrom('ota_firmware')
        .select(['id', 'size', 'sha256', 'stored_in'])
        .where('id', '=', firmwareId)
        .executeTakeFirst();
      if (!found) fail(ErrorCode.OTA_LINK_INVALID);
      const ask = parseRange(request.headers.range, found.size);
      const span = ask.kind === 'part' ? ask : { start: 0, end: found.size - 1 };
      const bytes = ask.kind === 'unsatisfiable' ? null : await files.span(found, span);
      if (bytes === undefined) {
        request.log.error({ firmwareId, store: found.stored_in }, 'firmware file missing from its store');
        fail(ErrorCode.OTA_FIRMWARE_FILE_MISSING);
      }
      reply
        .type('application/octet-stream')
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (bytes === null) return reply.code(416).header('Content-Range', `bytes */${found.size}`).send();
      if (ask.kind === 'part') reply.code(206).header('Content-Range', `bytes ${span.start}-${span.end}/${found.size}`);
      return reply.send(bytes);
    },
  );
}

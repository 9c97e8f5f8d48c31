import { randomUUID } from 'node:crypto';
import { ErrorCode, IMAGE_MAX_BYTES, translate, uploadImage, uploadLinks } from '@dcc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallInput, type CallRoute } from '../../http/call-route.ts';
import { localeOf } from '../../http/locale.ts';
import type { LimitsConfig } from '../../limits-config.ts';
import { imageExtensionOf } from './image.ts';
import { parseUploadUrl, UploadLinks } from './links.ts';
import { readMultipartUpload } from './multipart.ts';
import { insertUpload, memberCompany, uploadBytes, visibleUploadIds } from './repo.ts';

export const UPLOADS_PREFIX = '/uploads/';

function uploadFailed(request: FastifyRequest, reasonKey: string): AppError {
  return new AppError(ErrorCode.UPLOAD_FAILED, 'error.uploadFailed', {
    reason: translate(localeOf(request), reasonKey),
  });
}

/** Reads the multipart body (the file, at most 2 MB); session and company came from the headers. */
const readImageUpload = (request: FastifyRequest): Promise<CallInput> =>
  readMultipartUpload(request, {
    maxBytes: IMAGE_MAX_BYTES,
    reasons: {
      notMultipart: 'validation.image.type',
      noFile: 'validation.required',
      tooLarge: 'validation.image.size',
    },
    refuse: uploadFailed,
  });

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/**
 * Image upload (jpg/png by content, stored in the database for every instance, counted against
 * the company's storage cap), signed links to view uploads, and the GET that serves them.
 */
export function uploadRoutes(app: FastifyInstance, db: Kysely<DB>, limits: LimitsConfig): CallRoute[] {
  const links = new UploadLinks(limits.uploadUrlSecret, limits.uploadUrlTtlSeconds);
  app.get<{ Params: { name: string }; Querystring: { expires?: string; sig?: string } }>(
    `${UPLOADS_PREFIX}:name`,
    async (request, reply) => {
      const { name } = request.params;
      const parsed = parseUploadUrl(`${UPLOADS_PREFIX}${name}`);
      const left = parsed ? links.check(name, request.query.expires, request.query.sig) : null;
      if (!parsed || left === null) fail(ErrorCode.UPLOAD_LINK_INVALID);
      const stored = await uploadBytes(db, parsed.id);
      if (!stored || stored.extension !== parsed.extension) fail(ErrorCode.UPLOAD_LINK_INVALID);
      return reply
        .type(CONTENT_TYPES[stored.extension]!)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', `private, max-age=${left}`)
        .header('Content-Disposition', 'inline')
        .send(stored.bytes);
    },
  );
  return [
    route(
      uploadImage,
      async (_input, ctx) => {
        const session = sessionOf(ctx);
        const bytes = ctx.file?.bytes ?? Buffer.alloc(0);
        const extension = imageExtensionOf(bytes);
        if (!extension)
          throw new AppError(ErrorCode.UPLOAD_FAILED, 'error.uploadFailed', {
            reason: translate(ctx.locale, 'validation.image.type'),
          });
        const id = randomUUID();
        const dealerId = await memberCompany(db, session.userId, ctx.dealersId);
        await insertUpload(db, { id, dealerId, userId: session.userId, extension, bytes }, limits.uploadQuotaBytes);
        return { url: `${UPLOADS_PREFIX}${id}.${extension}` };
      },
      readImageUpload,
    ),
    route(uploadLinks, async (input, ctx) => {
      const wanted = [...new Set(input.urls)].flatMap((url) => {
        const parsed = parseUploadUrl(url);
        return parsed ? [{ id: parsed.id, url }] : [];
      });
      const visible = await visibleUploadIds(db, sessionOf(ctx).userId, wanted);
      return { links: wanted.filter((w) => visible.has(w.id)).map((w) => ({ url: w.url, link: links.link(w.url) })) };
    }),
  ];
}

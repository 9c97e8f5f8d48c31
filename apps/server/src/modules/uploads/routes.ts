import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, IMAGE_MAX_BYTES, translate, uploadImage } from '@dcc/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { route, type CallInput, type CallRoute } from '../../http/call-route.ts';
import { localeOf } from '../../http/locale.ts';
import { imageExtensionOf } from './image.ts';
import { readMultipartUpload } from './multipart.ts';

export const UPLOADS_PREFIX = '/uploads/';

function uploadFailed(request: FastifyRequest, reasonKey: string): AppError {
  return new AppError(ErrorCode.UPLOAD_FAILED, 'error.uploadFailed', { reason: translate(localeOf(request), reasonKey) });
}

/** Reads the multipart body: context fields sent before the file, then the file itself (at most 2 MB). */
const readImageUpload = (request: FastifyRequest): Promise<CallInput> =>
  readMultipartUpload(request, {
    maxBytes: IMAGE_MAX_BYTES,
    reasons: { notMultipart: 'validation.image.type', noFile: 'validation.required', tooLarge: 'validation.image.size' },
    refuse: uploadFailed,
  });

/** Image upload (jpg/png by content, server-chosen name) and the /uploads/ files. */
export function uploadRoutes(app: FastifyInstance, uploadsDir: string): CallRoute[] {
  app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => void reply.header('X-Content-Type-Options', 'nosniff'),
  });
  return [
    route(
      uploadImage,
      async (_input, ctx) => {
        const bytes = ctx.file?.bytes ?? Buffer.alloc(0);
        const extension = imageExtensionOf(bytes);
        if (!extension) throw new AppError(ErrorCode.UPLOAD_FAILED, 'error.uploadFailed', { reason: translate(ctx.locale, 'validation.image.type') });
        const name = `${randomUUID()}.${extension}`;
        await fs.writeFile(path.join(uploadsDir, name), bytes, { flag: 'wx' });
        return { url: `${UPLOADS_PREFIX}${name}` };
      },
      readImageUpload,
    ),
  ];
}

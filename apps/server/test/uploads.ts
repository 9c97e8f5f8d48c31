import { uploadImage } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';

/** The smallest bytes the upload call takes for a png (it checks the signature only). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Uploads a png the way the console does (context in headers) and answers the envelope. */
export async function uploadPng(
  app: FastifyInstance,
  as: { sessionid: string; dealersId?: string },
  bytes: Buffer = PNG,
  language = 'en_US',
) {
  const boundary = '----dcc-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    sessionid: as.sessionid,
  };
  if (as.dealersId !== undefined) headers.dealersid = as.dealersId;
  const response = await app.inject({
    method: 'POST',
    url: `${uploadImage.path}?language=${language}`,
    payload,
    headers,
  });
  return {
    status: response.statusCode,
    body: response.json() as { error_code: number; error_msg: string; objectResult: { url: string } | null },
  };
}

/** Uploads a png and answers its issued URL (throws when refused). */
export async function uploadedUrl(
  app: FastifyInstance,
  as: { sessionid: string; dealersId?: string },
): Promise<string> {
  const answer = await uploadPng(app, as);
  if (answer.body.error_code !== 0 || !answer.body.objectResult)
    throw new Error(`upload failed: ${JSON.stringify(answer.body)}`);
  return answer.body.objectResult.url;
}

/** Posts a multipart call the way the console does (context in headers, which are checked before the body is read): the fields, then `file`. */
export async function postMultipart(
  app: FastifyInstance,
  path: string,
  as: { sessionid: string; dealersId: string },
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  language = 'en_US',
) {
  const boundary = `----dcc${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await app.inject({
    method: 'POST',
    url: `${path}?language=${language}`,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      sessionid: as.sessionid,
      dealersid: as.dealersId,
    },
  });
  return {
    status: response.statusCode,
    body: response.json() as { error_code: number; error_msg: string; objectResult: unknown },
  };
}

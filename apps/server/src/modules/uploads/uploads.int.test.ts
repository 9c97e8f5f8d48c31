import { ErrorCode, IMAGE_MAX_BYTES, uploadImage } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../../db/seed/demo.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]);

/** A multipart body the way the console sends it: the context (session, company) in headers, then the file. */
function multipart(file: Buffer, fileName: string, context: Record<string, string>) {
  const boundary = '----dcc-test-boundary';
  const parts = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...context } };
}

const upload = (file: Buffer, fileName: string, context: Record<string, string> = { sessionid: token }, language = 'en_US') =>
  t.app.inject({ method: 'POST', url: `${uploadImage.path}?language=${language}`, ...multipart(file, fileName, context) });

describe('image upload', () => {
  it('stores a png under a random name and serves it with its type and nosniff', async () => {
    const response = await upload(PNG, '../../evil name.png');
    expect(response.json()).toMatchObject({ error_code: 0, objectResult: { url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/) } });
    const served = await t.app.inject({ method: 'GET', url: response.json().objectResult.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a gif and an exe renamed to png, by content', async () => {
    for (const [bytes, name] of [[GIF, 'a.gif'], [EXE, 'setup.png']] as const) {
      expect((await upload(bytes, name)).json()).toEqual({ error_code: ErrorCode.UPLOAD_FAILED, error_msg: 'Upload failed: Only jpg or png pictures are allowed', objectResult: null });
    }
  });

  it('refuses a picture over 2 MB in the caller language', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
    const response = await upload(big, 'big.png', { sessionid: token }, 'zh_CN');
    expect(response.json().error_code).toBe(ErrorCode.UPLOAD_FAILED);
    expect(response.json().error_msg).toContain('2M');
  });

  it('requires a session', async () => {
    const response = await upload(PNG, 'a.png', {});
    expect(response.statusCode).toBe(401);
  });

  it('does not serve paths outside the upload folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fetc%2fpasswd' });
    expect(response.statusCode).toBe(404);
  });
});

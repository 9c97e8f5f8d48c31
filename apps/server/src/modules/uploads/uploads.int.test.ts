import { ErrorCode, IMAGE_MAX_BYTES, uploadLinks } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../../db/seed/demo.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { PNG, uploadPng, uploadedUrl } from '../../../test/uploads.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
});
afterAll(async () => t.close());

const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]);
const linkOf = async (url: string, sessionid = token) =>
  (await call<{ links: Array<{ url: string; link: string }> }>(t.app, uploadLinks, { urls: [url] }, { sessionid })).body
    .objectResult!.links;

describe('image upload', () => {
  it('stores a png under a random id and serves it only through a signed link, with its type and nosniff', async () => {
    const url = await uploadedUrl(t.app, { sessionid: token });
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ error_code: ErrorCode.UPLOAD_LINK_INVALID });
    const [entry] = await linkOf(url);
    expect(entry!.link).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png\?expires=\d+&sig=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: entry!.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a forged, altered or expired link, and a link moved to another upload', async () => {
    const [first] = await linkOf(await uploadedUrl(t.app, { sessionid: token }));
    const [second] = await linkOf(await uploadedUrl(t.app, { sessionid: token }));
    const [, query] = first!.link.split('?');
    const expires = Number(/expires=(\d+)/.exec(query!)![1]);
    for (const link of [
      first!.link.replace(/sig=[\w-]+/, 'sig=AAAA'),
      first!.link.replace(/expires=\d+/, `expires=${expires + 60}`),
      first!.link.replace(/expires=\d+/, 'expires=1000'),
      `${second!.url}?${query}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
    }
  });

  it('does not serve paths outside the uploads, signed or not', async () => {
    for (const url of ['/uploads/..%2f..%2fetc%2fpasswd', '/uploads/../../etc/passwd', '/uploads/.env']) {
      expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    }
  });

  it('answers no link for an upload the caller may not see, for a path, or for an id never issued', async () => {
    const url = await uploadedUrl(t.app, { sessionid: token });
    const stranger = await loginAs(t.app, DemoPhone.NO_COMPANY);
    expect(await linkOf(url, stranger)).toEqual([]);
    expect(await linkOf('/uploads/../../etc/passwd', token)).toEqual([]);
    expect(await linkOf('/uploads/00000000-0000-4000-8000-000000000000.png', token)).toEqual([]);
  });

  it('refuses a gif and an exe renamed to png, by content', async () => {
    for (const bytes of [GIF, EXE]) {
      expect((await uploadPng(t.app, { sessionid: token }, bytes)).body).toEqual({
        error_code: ErrorCode.UPLOAD_FAILED,
        error_msg: 'Upload failed: Only jpg or png pictures are allowed',
        objectResult: null,
      });
    }
  });

  it('refuses a picture over 2 MB in the caller language', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
    const response = await uploadPng(t.app, { sessionid: token }, big, 'zh_CN');
    expect(response.body.error_code).toBe(ErrorCode.UPLOAD_FAILED);
    expect(response.body.error_msg).toContain('2M');
  });

  it('requires a session', async () => {
    expect((await uploadPng(t.app, { sessionid: '' })).status).toBe(401);
  });
});

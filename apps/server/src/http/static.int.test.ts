import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// Laid out as `npm run build -w apps/web` leaves it: hashed assets with their .br/.gz siblings.
const INDEX_HTML = '<!doctype html><title>console</title>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const APP_FILE = 'assets/app-Ab3_x-9Z.js';
const STYLE_CSS = `body{margin:0}${'.a{color:red}'.repeat(200)}`;
const STYLE_FILE = 'assets/style-Qw12Er34.css';
const UNCOMPRESSED_FILE = 'assets/small-Zz99Yy88.js';
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

let t: TestApp;
let webDist: string;

async function writeWithSiblings(file: string, content: string): Promise<void> {
  await fs.writeFile(path.join(webDist, file), content);
  // Distinct from the plain file, so the test sees which of the three was sent.
  await fs.writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(content));
  await fs.writeFile(path.join(webDist, `${file}.gz`), gzipSync(content));
}

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'dcc-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await writeWithSiblings('index.html', INDEX_HTML);
  await writeWithSiblings(APP_FILE, APP_JS);
  await writeWithSiblings(STYLE_FILE, STYLE_CSS);
  await fs.writeFile(path.join(webDist, UNCOMPRESSED_FILE), 'console.log(1)');
  t = await startTestApp({ webDist, seedDemo: false });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('built console', () => {
  it('serves index.html at / with the CSP, never cached', async () => {
    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(INDEX_HTML);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(index.headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli sibling of index.html when the browser accepts br', async () => {
    const index = await get('/', { 'accept-encoding': BROWSER_ENCODINGS });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('chooses brotli, then gzip, then the plain file by Accept-Encoding, always with Vary', async () => {
    const br = await get(`/${APP_FILE}`, { 'accept-encoding': BROWSER_ENCODINGS });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gzip = await get(`/${APP_FILE}`, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain('javascript');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const plain = await get(`/${APP_FILE}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(APP_JS);

    const css = await get(`/${STYLE_FILE}`, { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('sends a file with no compressed sibling as it is', async () => {
    const small = await get(`/${UNCOMPRESSED_FILE}`, { 'accept-encoding': BROWSER_ENCODINGS });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('caches hashed assets for a year as immutable, whatever the encoding', async () => {
    for (const encoding of [BROWSER_ENCODINGS, 'gzip', 'identity']) {
      const asset = await get(`/${APP_FILE}`, { 'accept-encoding': encoding });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get(`/${UNCOMPRESSED_FILE}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 to a revalidation with the ETag of the same encoding, 200 for another encoding', async () => {
    const first = await get('/', { 'accept-encoding': BROWSER_ENCODINGS });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/', { 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const gzip = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': String(etag) });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers 404 to another spelling of a file or a compressed sibling asked for by name', async () => {
    for (const url of [`/${APP_FILE.toUpperCase()}`, '/Index.html', `/${APP_FILE}.br`, '/assets/'])
      expect((await get(url, { 'accept-encoding': BROWSER_ENCODINGS })).statusCode, url).toBe(404);
  });

  it('answers the 404 envelope for a missing asset, not index.html', async () => {
    for (const encoding of [BROWSER_ENCODINGS, 'identity']) {
      const missing = await get('/assets/none-Ab3_x-9Z.js', { 'accept-encoding': encoding });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
      expect(missing.json().error_code).toBe(1002);
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// The console's public files, which the web build copies as they are to the root of apps/web/dist.
const WEB_PUBLIC = fileURLToPath(new URL('../../../web/public/', import.meta.url));

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'dcc-web-'));
  await fs.cp(WEB_PUBLIC, webDist, { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
  t = await startTestApp({ webDist, seedDemo: false });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the favicon', () => {
  it('is answered at /favicon.ico from the built public files, as an icon', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(answer.rawPayload.equals(await fs.readFile(path.join(WEB_PUBLIC, 'favicon.ico')))).toBe(true);
  });
});

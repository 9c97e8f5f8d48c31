import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'dcc-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestApp({ webDist, seedDemo: false });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('built console', () => {
  it('serves index.html at / and assets, with the CSP', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>console</title>');
    expect(index.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('answers the 404 envelope for a missing file', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/none.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe(1002);
  });
});

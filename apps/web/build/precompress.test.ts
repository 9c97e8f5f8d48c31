import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_PRECOMPRESS_BYTES, precompressDir } from './precompress.ts';

let dist: string;
beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dcc-precompress-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, '.vite'));
});
afterEach(() => rm(dist, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip siblings that decompress to the file', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
    await writeFile(join(dist, 'assets/app-Ab3_x-9Z.js'), script);
    await writeFile(join(dist, 'index.html'), `<!doctype html>${'<p>console</p>'.repeat(100)}`);
    const written = await precompressDir(dist);
    expect(written.map((file) => file.slice(dist.length)).sort()).toEqual([
      '/assets/app-Ab3_x-9Z.js.br',
      '/assets/app-Ab3_x-9Z.js.gz',
      '/index.html.br',
      '/index.html.gz',
    ]);
    const br = await readFile(join(dist, 'assets/app-Ab3_x-9Z.js.br'));
    const gz = await readFile(join(dist, 'assets/app-Ab3_x-9Z.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
  });

  it('leaves small files, binary images, incompressible data and dot folders alone', async () => {
    await writeFile(join(dist, 'assets/tiny-Ab3_x-9Z.js'), 'x'.repeat(MIN_PRECOMPRESS_BYTES - 1));
    await writeFile(join(dist, 'assets/logo-Ab3_x-9Z.png'), 'p'.repeat(5000));
    await writeFile(join(dist, 'assets/random-Ab3_x-9Z.json'), randomBytes(4000));
    await writeFile(join(dist, '.vite/manifest.json'), JSON.stringify({ padding: 'm'.repeat(5000) }));
    expect(await precompressDir(dist)).toEqual([]);
  });
});

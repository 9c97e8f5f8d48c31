import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this a file fits in one or two packets either way: compressing it does not pay. */
export const MIN_PRECOMPRESS_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|ico|wasm)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    // Dot folders (.vite/manifest.json) are never served.
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip 9) beside a file, each only when smaller. */
async function precompressFile(file: string): Promise<string[]> {
  const content = await readFile(file);
  if (content.length < MIN_PRECOMPRESS_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  const written: string[] = [];
  for (const [extension, compressed] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (compressed.length >= content.length) continue;
    await writeFile(file + extension, compressed);
    written.push(file + extension);
  }
  return written;
}

/** Precompresses every compressible file of a built folder; answers the files written. */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  return (await Promise.all(files.map(precompressFile))).flat();
}

/** Vite build step: the server sends these siblings as they are (@fastify/static preCompressed), no compression per request. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dcc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await precompressDir(outDir);
      this.info(`precompressed ${written.length} files (brotli 11, gzip 9)`);
    },
  };
}

import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed output (assets/<name>-<8-character hash>.<ext>): its content never changes under that name. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and any other unhashed file: revalidated (ETag) on every load, so a new build is seen at once. */
export const REVALIDATE = 'no-cache';

/** Cache-Control for a served file, by its path under the console's root. */
export function cacheControlFor(root: string, file: string): string {
  const relative = path.relative(path.resolve(root), file).split(path.sep).join('/');
  return HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built console: the brotli or gzip sibling written at build time when the browser
 * accepts it (Vary: Accept-Encoding), hashed assets cached for a year, index.html never cached.
 * One route per file of the build, listed once at start (`wildcard: false`; a build does not change under a running
 * server): the wildcard route read every folder of a request's path again on each request (to refuse another spelling
 * of a file's name), the assets folder's 800-odd entries for each of the 20-40 files a page loads. A name spelt
 * otherwise matches no route and answers 404 as before.
 */
export async function serveConsole(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // The compressed siblings are sent in place of their file, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    // An array: with a plain string, preCompressed answers / with 404 to any Accept-Encoding.
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => void reply.header('cache-control', cacheControlFor(root, file)),
  });
}

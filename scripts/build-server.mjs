// Compiles TypeScript entry points (the server, or benchmarks) to JavaScript with esbuild: our code and
// the workspace packages (@dcc/*, whose exports are .ts sources) bundled, every other package left to
// node_modules. Files the code opens beside itself at run time are copied next to the bundle.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = [
  'apps/server/src',
  'apps/simulator/src',
  'packages/contract/src',
  'packages/protocol/src',
  'scripts/build-server.mjs',
];
/** Read at run time relative to the module that reads them (migrate.ts, sheet-parse.ts). */
const BESIDE = [
  ['apps/server/src/db/migrations', 'migrations'],
  ['apps/server/src/modules/point-excel/sheet-worker.mjs', 'sheet-worker.mjs'],
];
const STAMP = '.built';

export const SERVER_DIST = join(root, 'apps/server/dist');

/**
 * Node's flags for the server process, wherever it runs (npm start, the tests' server processes, the benchmarks that
 * host it). A young generation of 32 MB semi-spaces instead of V8's 16: at 2,000 frames/s the server made 13 MB of
 * short-lived objects between two scavenges, and fewer, larger scavenges took 12 % less of its CPU per stored frame
 * (docs/PERFORMANCE.md, issue 18 item 9, 2026-11-28); 64 MB gave no more. The package.json start scripts repeat them
 * (a test keeps them in step).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

// A package installed under a workspace (apps/server/node_modules: another major version than the root's) is
// imported by its full path when the bundle lies outside that workspace (bench/dist would find the root's).
const externalPackages = (outdir) => ({
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@dcc/') || args.kind === 'entry-point' || args.pluginData === 'resolving')
        return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      const workspace = found.external ? '' : found.path.slice(0, found.path.lastIndexOf('/node_modules/') + 1);
      const elsewhere = workspace !== '' && workspace !== root && !`${outdir}/`.startsWith(workspace);
      return { path: elsewhere ? found.path : args.path, external: true };
    });
  },
});

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path))
    if (entry !== 'node_modules' && entry !== 'dist') newest = Math.max(newest, newestIn(join(path, entry)));
  return newest;
}

/** Builds `entries` (paths from the repository root) into `outdir`, replacing what was there. */
export async function compile(entries, outdir, extraSources = []) {
  const staging = `${outdir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages(outdir)],
    logLevel: 'warning',
  });
  for (const [from, to] of BESIDE) cpSync(join(root, from), join(staging, to), { recursive: true });
  writeFileSync(join(staging, STAMP), `${JSON.stringify({ entries, sources: [...SOURCES, ...extraSources] })}\n`);
  // Swapped in whole: a process starting meanwhile sees the old build or the new one, never half of one.
  const old = `${outdir}.${process.pid}.old`;
  if (existsSync(outdir)) renameSync(outdir, old);
  mkdirSync(join(outdir, '..'), { recursive: true });
  try {
    renameSync(staging, outdir);
  } catch (error) {
    // Another process built the same sources at the same moment and swapped its build in first.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

/** True when `outdir` holds a build newer than every source it was built from. */
export function isFresh(outdir, extraSources = []) {
  const stamp = join(outdir, STAMP);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return [...SOURCES, ...extraSources].every((source) => newestIn(join(root, source)) <= built);
}

/** apps/server/dist/main.js, built when missing or older than its sources. */
export async function ensureServerBuilt() {
  if (isFresh(SERVER_DIST)) return;
  console.log('[ready] building the server (apps/server/dist)...');
  await compile(['apps/server/src/main.ts'], SERVER_DIST);
}

if (process.argv[1] === new URL(import.meta.url).pathname) await ensureServerBuilt();

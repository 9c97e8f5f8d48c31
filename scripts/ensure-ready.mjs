// Prepares a fresh checkout for `npm start` or `npm test` using only Node and npm:
// installs dependencies when missing or stale, builds the console and the server when their sources changed,
// and (for tests) finds Debian's Chromium, installing it with apt when running as root.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const mode = process.argv[2] ?? 'start';
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function ensureDependencies() {
  const installed = join(root, 'node_modules/.package-lock.json');
  if (mtime(installed) >= mtime(join(root, 'package-lock.json'))) return;
  console.log('[ready] installing dependencies (npm ci)...');
  run('npm ci --no-audit --no-fund');
}

function ensureConsoleBuilt() {
  const built = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newestIn(join(root, 'apps/web')), newestIn(join(root, 'packages/contract/src')));
  if (mtime(built) >= sources) return;
  console.log('[ready] building the console...');
  run('npm run build -w apps/web');
}

// The same choice as e2e/support/browser.ts: CHROMIUM_PATH when set, Debian's Chromium otherwise.
function ensureChromium() {
  const chosen = process.env.CHROMIUM_PATH || '';
  const path = chosen || '/usr/bin/chromium';
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // apt installs /usr/bin/chromium only: a CHROMIUM_PATH elsewhere that is missing is the caller's to fix.
  if (!chosen && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[ready] installing Debian chromium for the browser tests...');
    run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    return;
  }
  console.error(
    chosen
      ? `[ready] CHROMIUM_PATH is ${path}, which does not exist: point it at a Chromium executable or unset it.`
      : `[ready] the browser tests need Chromium at ${path}: run "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

ensureDependencies();
if (mode === 'start' || mode === 'web-build') ensureConsoleBuilt();
// Imported once dependencies are there: the build needs esbuild. The e2e tests and benchmarks run the built server.
if (mode === 'start' || mode === 'web-build' || mode === 'test')
  await (await import('./build-server.mjs')).ensureServerBuilt();
if (mode === 'test') ensureChromium();

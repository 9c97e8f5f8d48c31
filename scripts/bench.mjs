// Runs a benchmark as compiled JavaScript, as the server runs in production: `node scripts/bench.mjs ingest-mqtt`
// builds every bench/*.ts (with the server code they import) into bench/dist when stale, then runs
// bench/dist/<name>.js with the remaining arguments; for node options (e.g. --cpu-prof) run node on bench/dist/<name>.js.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile, isFresh, SERVER_NODE_FLAGS } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const [name, ...args] = process.argv.slice(2);
if (!name) {
  console.error('usage: node scripts/bench.mjs <bench file name without .ts> [arguments]');
  process.exit(2);
}
const outdir = join(root, 'bench/dist');
const sources = ['bench', 'apps/server/test'];
if (!isFresh(outdir, sources)) {
  const entries = readdirSync(join(root, 'bench'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => `bench/${f}`);
  console.error('[bench] compiling bench/*.ts into bench/dist...');
  await compile(entries, outdir, sources);
}
// With the server's own Node flags: several benchmarks host the server in their process.
const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, join(outdir, `${name}.js`), ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);

// Runs the API suite on embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const { DATABASE_URL, ...withoutDatabase } = process.env;
const runs = [{ label: 'PGlite', env: withoutDatabase }];
if (DATABASE_URL) runs.push({ label: `PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, env: process.env });

for (const { label, env } of runs) {
  console.log(`\n[api] suite on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

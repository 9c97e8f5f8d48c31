// Runs the API suite on embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

// The shared rate-limit test needs Redis: use the local one when it answers and REDIS_URL is unset.
const localRedis = await new Promise((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 500 });
  const done = (answer) => () => {
    socket.destroy();
    resolve(answer);
  };
  socket.on('connect', done(true)).on('error', done(false)).on('timeout', done(false));
});
if (!process.env.REDIS_URL && localRedis) process.env.REDIS_URL = 'redis://127.0.0.1:6379';

const root = new URL('..', import.meta.url).pathname;
const { DATABASE_URL, ...withoutDatabase } = process.env;
const runs = [{ label: 'PGlite', env: withoutDatabase }];
if (DATABASE_URL) runs.push({ label: `PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, env: process.env });

for (const { label, env } of runs) {
  console.log(`\n[api] suite on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

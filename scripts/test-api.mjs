// Runs the API suite on embedded PGlite and, when DATABASE_URL is set, on PostgreSQL beside it.
import { spawn } from 'node:child_process';
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

// Both runs at once: each is mostly waiting on its database and sockets, and CI's time is bounded (30 min).
// The PostgreSQL run prints as it goes; the PGlite run's output is held and printed whole when it ends.
const results = await Promise.all(runs.map(({ label, env }, index) => new Promise((resolve) => {
  console.log(`\n[api] suite on ${label}${index === 0 && runs.length > 1 ? ' (its output follows when it ends)' : ''}`);
  const held = index === 0 && runs.length > 1;
  const child = spawn('npx', ['vitest', 'run', '--project', 'api'], { cwd: root, env, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  if (held) {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
  child.on('close', (code) => {
    if (held) process.stdout.write(`\n[api] output of the suite on ${label}:\n${Buffer.concat(chunks).toString()}`);
    console.log(`[api] suite on ${label}: ${code === 0 ? 'passed' : `failed (${code})`}`);
    resolve(code ?? 1);
  });
})));
process.exit(results.find((code) => code !== 0) ?? 0);

// Runs the API suite on embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
// `node scripts/test-api.mjs pglite` or `... postgres` runs one pass (.ci/run times each as a phase of its own).
// The PostgreSQL pass leaves out the files that open no database (DATABASE_FREE in vitest.config.ts):
// they would run exactly as on the PGlite pass.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

const only = process.argv[2];
if (only && only !== 'pglite' && only !== 'postgres') {
  console.error(`usage: node scripts/test-api.mjs [pglite|postgres]`);
  process.exit(2);
}

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
// The PGlite pass leaves the shared broker (MQTT_URL) to the PostgreSQL pass: its external-broker tests start a
// Mosquitto of their own. The two passes run side by side in CI, and a server on an external broker subscribes to every
// device's topic (as a platform must), so on one broker each pass's servers took the other's device traffic too: a
// rollout test that counts refusals, or a queue test that expects an empty queue, then failed by the other's timing.
const { DATABASE_URL, MQTT_URL: _sharedBroker, ...withoutDatabase } = process.env;
const runs = [];
// With DATABASE_URL the PostgreSQL pass runs too (after this one, or in .ci/run beside it): the files whose subject is
// the server's rules, not the engine (ONE_ENGINE in vitest.config.ts), run on that pass only.
if (only !== 'postgres')
  runs.push({
    label: 'PGlite',
    env: DATABASE_URL ? { ...withoutDatabase, DCC_API_PASS: 'pglite-beside-postgres' } : withoutDatabase,
  });
if (only === 'postgres' && !DATABASE_URL) {
  console.error('[api] the PostgreSQL pass needs DATABASE_URL');
  process.exit(2);
}
if (only !== 'pglite' && DATABASE_URL)
  runs.push({
    label: `PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`,
    env: { ...process.env, DCC_API_PASS: 'postgres' },
  });

for (const { label, env } of runs) {
  console.log(`\n[api] suite on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('server start', () => {
  it('refuses to start on a production database with the SMS sender that logs codes', () => {
    // The database is never reached: the configuration is refused first.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: 'memory://',
      PORT: '0',
    };
    const started = spawnSync(process.execPath, ['dist/main.js'], {
      cwd: SERVER_DIR,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('The server does not start: DATABASE_URL is set but SMS_PROVIDER is not');
    expect(started.stdout).toBe('');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';
import { waitFor } from './until.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The built server (apps/server/dist/main.js) running as a process of its own, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  mqttPort: number | null;
  /** Everything it wrote to stdout (its JSON log lines and the ready line) and stderr. */
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

/** Starts the built server with `env` only (PATH and HOME added) and waits for its ready line. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor('the server ready line', () => gone || /Ready: .*\n/.test(out), 60_000);
  const ready = /console is at http:\/\/[^:]+:(\d+);(?: devices connect to MQTT port (\d+))?/.exec(out);
  if (!ready) throw new Error(`the server did not start:\n${out}\n${err}`);
  return {
    child,
    port: Number(ready[1]),
    mqttPort: ready[2] ? Number(ready[2]) : null,
    stdout: () => out,
    stderr: () => err,
    exited,
  };
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { LoadFigures, LoadPlan } from './api-load.ts';
import { benchChild } from './child-script.ts';

const LOAD_SCRIPT = benchChild('api-load', import.meta.url);

/** Runs the API load generator (bench/api-load.ts) in a child process, off the server's event loop. */
export async function fire(plan: LoadPlan): Promise<LoadFigures> {
  const child = spawn(process.execPath, [...LOAD_SCRIPT.execArgv, LOAD_SCRIPT.path], {
    env: { ...process.env, BENCH_LOAD: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(output) as LoadFigures;
}

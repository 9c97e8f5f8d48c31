import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { postgresTemplate } from '../../apps/server/test/database-templates.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { createScratchDatabase } from '../../apps/server/test/test-database.ts';
import { forgetServer, recordServer } from './serverRecords.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = `${REPO_ROOT}apps/web/dist`;
const START_TIMEOUT_MS = 90_000;

/** A real server process serving the built console and the API. */
export interface RunningServer {
  baseUrl: string;
  /** The end of what the server printed, for failure messages. */
  output(): string;
  /** The server's own PostgreSQL database (a scratch copy) when DATABASE_URL is set; null on PGlite in memory. */
  databaseUrl: string | null;
  /** The last SMS code the demo sender logged (needs logLevel info). */
  lastSmsCode(): string | null;
  /** The port of its embedded MQTT broker when started with `mqtt: true` (devices connect there), else null. */
  mqttPort: number | null;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** How a test's server differs from the default: its log level, the in-process demo fleet, its broker's port, and further environment. */
export interface ServerOptions {
  logLevel?: string;
  /** Runs the in-process demo fleet (SIM_DEVICES, SIM_REPORT_SECONDS): that many simulated devices report every so many seconds. */
  simulator?: { devices: number; reportSeconds: number };
  /** Its embedded broker on a port the test learns (mqttPort), for devices of the test to connect. */
  mqtt?: boolean;
  env?: Record<string, string>;
}

/**
 * Starts apps/server on a free port with an in-memory database, or, when DATABASE_URL is set, a fresh
 * PostgreSQL database of its own (a copy of the run's seeded template) that is dropped when the server stops.
 * Builds nothing: apps/web/dist and apps/server/dist must exist (the test:e2e script and the global setup build them).
 */
export async function startServer(
  options: ServerOptions = {},
  startTimeoutMs = START_TIMEOUT_MS,
): Promise<RunningServer> {
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error(`${WEB_DIST} is not built: run npm run build -w apps/web first`);
  try {
    return await startOnFreePort(options, startTimeoutMs);
  } catch (error) {
    // Another process may take the free port between probing and listening: one more try.
    if (!String(error).includes('EADDRINUSE')) throw error;
    return startOnFreePort(options, startTimeoutMs);
  }
}

async function startOnFreePort(options: ServerOptions, startTimeoutMs: number): Promise<RunningServer> {
  const port = await freePort();
  const mqttPort = options.mqtt ? await freePort() : null;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    WEB_DIST,
    LOG_LEVEL: options.logLevel ?? 'warn',
    // Its own embedded MQTT broker on a free port (the machine's Mosquitto holds 1883).
    MQTT_PORT: String(mqttPort ?? 0),
    ...(options.simulator
      ? { SIM_DEVICES: String(options.simulator.devices), SIM_REPORT_SECONDS: String(options.simulator.reportSeconds) }
      : {}),
    ...options.env,
  };
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, postgresTemplate('seeded'))
    : null;
  // On PostgreSQL the server neither seeds the demo data nor logs SMS codes unless told: the suite relies on both.
  if (scratch)
    Object.assign(env, {
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'true',
      SMS_ALLOW_LOG_SENDER: 'true',
      DEVICE_SECRET_KEY: '5e'.repeat(32),
    });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined)
    recordServer({ pid: child.pid, database: scratch ? new URL(scratch.url).pathname.slice(1) : null });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log.slice(-4000);
  const lastSmsCode = () => [...log.matchAll(/SMS code for [^:]*: (\d{6})/g)].at(-1)?.[1] ?? null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await scratch?.drop();
    if (child.pid !== undefined) forgetServer(child.pid);
  };
  try {
    await waitUntilUp(baseUrl, child, output, startTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseUrl: scratch?.url ?? null, output, lastSmsCode, mqttPort, stop };
}

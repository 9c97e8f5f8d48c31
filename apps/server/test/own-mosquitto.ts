import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sparePort } from './spare-port.ts';

/**
 * A Mosquitto of the test's own, on a spare loopback port, stopped by `stop()`. Never the machine's
 * Mosquitto on 1883. With `dynsec` it enforces identities: anonymous clients refused, the dynamic
 * security plugin initialised with an admin client (which the tests use as the server's service identity).
 */
export interface OwnMosquitto {
  url: string;
  port: number;
  admin: { username: string; password: string };
  /** Stops the broker (SIGTERM), waiting for it to exit; `start()` brings it back on the same port and files. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the broker and removes its temporary folder. */
  dispose(): Promise<void>;
}

const DYNSEC_PLUGIN = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
].find((file) => fs.existsSync(file));

async function listening(port: number, within = 5000): Promise<void> {
  const until = Date.now() + within;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`own mosquitto did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Mosquitto started as root drops to the `mosquitto` user, which must be able to read and write its files. */
function handOverToBrokerUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let uid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'mosquitto']).toString().trim());
  } catch {
    return;
  }
  for (const entry of [dir, ...fs.readdirSync(dir).map((name) => path.join(dir, name))]) fs.chownSync(entry, uid, -1);
}

export async function startOwnMosquitto(options: { dynsec: boolean }): Promise<OwnMosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcc-mosquitto-'));
  const port = await sparePort();
  const admin = { username: 'dcc-admin', password: `admin-${process.pid}-${port}` };
  const lines = [
    `listener ${port} 127.0.0.1`,
    'persistence true',
    `persistence_location ${dir}/`,
    'max_queued_messages 100000',
    'max_inflight_messages 100',
  ];
  if (options.dynsec) {
    if (!DYNSEC_PLUGIN) throw new Error('mosquitto_dynamic_security.so not found (dpkg -L mosquitto | grep dynamic)');
    const file = path.join(dir, 'dynamic-security.json');
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', file, admin.username, admin.password], { stdio: 'ignore' });
    lines.push('allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${file}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const configFile = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(configFile, `${lines.join('\n')}\n`);
  handOverToBrokerUser(dir);
  let child: ChildProcess | null = null;
  const broker: OwnMosquitto = {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    admin,
    async start() {
      child = spawn('mosquitto', ['-c', configFile], { stdio: 'ignore' });
      await listening(port);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
    async dispose() {
      await broker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}

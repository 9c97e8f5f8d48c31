import { ota2CreateTask, ota2TaskDetail, type OtaTask, type OtaTaskDevice } from '@dcc/contract';
import type { VirtualDevice } from '@dcc/simulator';
import { afterAll, beforeAll } from 'vitest';
import { loadOtaConfig } from '../src/ota-config.ts';
import { BROKER_MODES } from './broker-modes.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { OTA2_BUTTONS, otaWorld, type Caller, type OtaWorld } from './ota-setup.ts';

/** A test file's OTA stand: the app (rollout every 100 ms) listening over the embedded broker, its world, the DTUs. */
export interface OtaEnv {
  t: TestApp;
  world: OtaWorld;
  /** The broker's address for simulated DTUs. */
  url: string;
  /** Simulated DTUs started by the file, stopped after it. */
  dtus: VirtualDevice[];
}

/**
 * Starts the stand before the file's tests and stops it after them; `otaVariables` (read when it starts, after the
 * file's earlier beforeAll hooks) are the OTA_* and S3_* variables of the server.
 */
export function useOtaEnv(
  buttons: readonly string[] = OTA2_BUTTONS,
  otaVariables: () => NodeJS.ProcessEnv = () => ({}),
): OtaEnv {
  const env = {} as OtaEnv & { stop(): Promise<void> };
  beforeAll(async () => {
    const broker = await BROKER_MODES[0]!.start();
    env.stop = broker.stop;
    env.t = await startTestApp({ ...broker.overrides, ota: { ...loadOtaConfig(otaVariables()), tickMs: 100 } });
    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    env.url = broker.deviceUrl(env.t);
    env.world = await otaWorld(env.t, buttons);
    env.dtus = [];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(env.dtus.map((d) => d.stop()));
    await env.t?.close();
    await env.stop?.();
  });
  return env;
}

/** Creates a second-generation task and answers it (throws on a refusal). */
export async function createOta2Task(env: OtaEnv, body: Record<string, unknown>, caller?: Caller): Promise<OtaTask> {
  const answer = await call<OtaTask>(env.t.app, ota2CreateTask, body, caller ?? env.world.callerA);
  if (answer.body.error_code !== 0) throw new Error(`task not created: ${JSON.stringify(answer.body)}`);
  return answer.body.objectResult!;
}

/** A second-generation task and its devices (the first page of 999). */
export async function ota2Detail(env: OtaEnv, taskId: string, caller?: Caller) {
  const answer = await call<{ task: OtaTask; devices: { list: OtaTaskDevice[] } }>(
    env.t.app,
    ota2TaskDetail,
    { taskId, pageSize: 999 },
    caller ?? env.world.callerA,
  );
  return answer.body.objectResult!;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDevice, commandWorld, type CommandWorld } from '../../../test/device-commands-setup.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { controlSelection } from './batch-control.ts';
import { commandService } from './command-deps.ts';

const env = {} as { t: TestApp; w: CommandWorld };

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
});
afterAll(async () => env.t.close());

describe('batch lock', () => {
  it('commands the whole selection at once: silent devices cost one command timeout in all, not one per group', async () => {
    const timeoutMs = 1500;
    const devices = [];
    for (let k = 0; k < 11; k++) {
      const device = await commandDevice(env.w, { activated: true });
      env.w.responder.behave(device.deviceCode, { kind: 'silent' });
      devices.push(device);
    }
    const started = Date.now();
    const { results } = await controlSelection(
      commandService({ ...env.w.service, timeoutMs }),
      env.w.scope,
      env.w.actor,
      devices.map((d) => d.deviceId),
      'lock',
      'en-US',
    );
    const elapsed = Date.now() - started;
    expect(results.map((r) => r.outcome)).toEqual(devices.map(() => 'noReply'));
    // Groups of ten took two timeouts (3 s) for eleven devices.
    expect(elapsed).toBeLessThan(2 * timeoutMs);
  });
});

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
    const timeoutMs = 3000;
    const devices = [];
    for (let k = 0; k < 11; k++) {
      const device = await commandDevice(env.w, { activated: true });
      env.w.responder.behave(device.deviceCode, { kind: 'silent' });
      devices.push(device);
    }
    // Each command waits for its reply on the event bus from just before it is sent: counted here, with what
    // was waiting when each command went down. Commanded at once, the last one goes while all eleven wait.
    const { events, downlink } = env.w.service;
    let waiting = 0;
    const waitingAtSend: number[] = [];
    const { results } = await controlSelection(
      commandService({
        ...env.w.service,
        timeoutMs,
        events: {
          publish: (event) => events.publish(event),
          subscribe: (listener) => {
            waiting += 1;
            const stop = events.subscribe(listener);
            return () => {
              waiting -= 1;
              stop();
            };
          },
        },
        downlink: {
          send: (target, payload) => {
            waitingAtSend.push(waiting);
            return downlink.send(target, payload);
          },
        },
      }),
      env.w.scope,
      env.w.actor,
      devices.map((d) => d.deviceId),
      'lock',
      'en-US',
    );
    expect(results.map((r) => r.outcome)).toEqual(devices.map(() => 'noReply'));
    // Groups of ten would send the eleventh only after the first ten timed out: one waiting then, not eleven.
    expect(Math.max(...waitingAtSend)).toBe(devices.length);
  });

  it("names each device's answer in the reader's language, not by its status code", async () => {
    const applied = await commandDevice(env.w, { activated: true });
    const refused = await commandDevice(env.w, { activated: true });
    env.w.responder.behave(refused.deviceCode, { kind: 'answer', status: 'busy' });
    for (const [locale, texts] of [
      ['en-US', ['Accepted by the device', 'Refused: the device is busy']],
      ['zh-CN', ['设备已接受', '拒绝：设备忙']],
    ] as const) {
      const { results } = await controlSelection(
        env.w.service,
        env.w.scope,
        env.w.actor,
        [applied.deviceId, refused.deviceId],
        'lock',
        locale,
      );
      expect(results.map((r) => [r.outcome, r.message])).toEqual([
        ['applied', texts[0]],
        ['refused', texts[1]],
      ]);
    }
  });
});

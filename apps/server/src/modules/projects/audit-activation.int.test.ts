import { addProject, ErrorCode, ProjectCheckState } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandDevice,
  commandWorld,
  operationsOf,
  refusalOf,
  type CommandWorld,
} from '../../../test/device-commands-setup.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { projectFields } from '../../../test/projects-setup.ts';
import { activateDeviceInScope } from '../device-commands/index.ts';
import { deviceInScope } from '../devices/index.ts';
import { passAudit } from './audit.ts';
import { changeProjectDevices } from './project-devices.ts';
import { addScopedProject } from './service.ts';

/**
 * Activation without skipping the audit goes through the project audit (spec section 4): the device must be in a
 * project; before the audit passes it is marked as awaiting it and nothing is sent; passing the audit activates it
 * with the audited warranty and unlocks the project's locked devices, through the device's own replies.
 */

const env = {} as { t: TestApp; w: CommandWorld };
beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
  // The demo's heat pump is marked centrally controlled (one per project); here three of them are ordinary units of one project.
  await env.t.db.updateTable('products').set({ central_control: false }).where('id', '=', env.w.heatPump).execute();
});
afterAll(async () => env.t.close());

const row = (deviceId: string) =>
  env.t.db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
const activate = async (deviceId: string) =>
  activateDeviceInScope(
    env.w.service,
    await deviceInScope(env.t.db, env.w.scope, { id: deviceId }),
    env.w.actor,
    false,
    'en-US',
  );
const monthsOf = (from: Date, until: Date) =>
  (until.getUTCFullYear() - from.getUTCFullYear()) * 12 + until.getUTCMonth() - from.getUTCMonth();

/** A pending project of the scope holding the devices. */
async function pendingProject(deviceIds: string[]): Promise<string> {
  const project = await addScopedProject(env.t.db, env.w.scope, addProject.request.parse(projectFields()), 'en-US');
  await changeProjectDevices(
    env.t.db,
    env.w.scope,
    env.w.actor,
    { projectId: project.projectId, deviceIds },
    'join',
    'en-US',
  );
  await env.t.db
    .updateTable('projects')
    .set({ check_state: ProjectCheckState.PENDING })
    .where('id', '=', project.projectId)
    .execute();
  return project.projectId;
}

describe('activation without skipping the audit', () => {
  it('is refused for a device in no project, in both languages, and sends nothing', async () => {
    const device = await commandDevice(env.w);
    const sent = env.w.responder.received.length;
    expect(await refusalOf(activate(device.deviceId))).toMatchObject({
      code: ErrorCode.ACTIVATION_NEEDS_AUDIT,
      en: 'Activation without skipping the audit needs the device in a project: add it to a project and submit the project for review, or skip the audit to activate now with a 1.5-year warranty',
      zh: '不跳过审核的激活需要设备属于某个项目：请将设备加入项目并提交项目审核，或跳过审核立即激活，质保期为1.5年',
    });
    expect(env.w.responder.received.length).toBe(sent);
    expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => entry.outcome)).toEqual(['rejected']);
  });

  it('marks a device of a project not yet passed as awaiting the audit; nothing is sent', async () => {
    const device = await commandDevice(env.w);
    await pendingProject([device.deviceId]);
    const sent = env.w.responder.received.length;
    const answer = await activate(device.deviceId);
    expect(answer).toMatchObject({
      outcome: 'awaitingAudit',
      device: { awaitingAudit: true, status: 'UNACTIVE', projectCheckState: 1, activateTime: null },
    });
    expect(env.w.responder.received.length).toBe(sent);
    expect(await row(device.deviceId)).toMatchObject({ awaiting_audit: true, activated_at: null });
    expect((await operationsOf(env.t.db, device.deviceId)).at(-1)).toMatchObject({
      action: 'activate',
      outcome: 'applied',
      changes: [
        { field: 'awaitingAudit', from: false, to: true },
        { field: 'skipAudit', from: null, to: false },
      ],
    });
  });

  it('passing the audit activates the awaiting devices with the audited warranty and unlocks the locked ones', async () => {
    const waiting = await commandDevice(env.w);
    const locked = await commandDevice(env.w, { activated: true, locked: true });
    const offline = await commandDevice(env.w, { connected: false });
    const projectId = await pendingProject([waiting.deviceId, locked.deviceId, offline.deviceId]);
    await activate(waiting.deviceId);
    await activate(offline.deviceId);
    const passed = await passAudit(env.w.service, env.w.scope, env.w.actor, projectId, 'en-US');
    expect(passed.projectCheckState).toBe(2);
    expect(passed.devices.map(({ deviceId, outcome }) => [deviceId, outcome]).sort()).toEqual(
      [
        [waiting.deviceId, 'activated'],
        [locked.deviceId, 'unlocked'],
        [offline.deviceId, 'offline'],
      ].sort(),
    );
    const activated = await row(waiting.deviceId);
    expect(activated).toMatchObject({ awaiting_audit: false, status: 'ONLINE' });
    expect(monthsOf(activated.activated_at!, activated.warranty_until!)).toBe(36);
    expect((await row(locked.deviceId)).locked).toBe(false);
    expect(env.w.responder.received.filter((m) => m.deviceCode === waiting.deviceCode)).toHaveLength(1);
    // The offline device waits; once online, its activation goes straight through with the audited warranty.
    expect(await row(offline.deviceId)).toMatchObject({ awaiting_audit: true, activated_at: null });
    await env.t.db.updateTable('devices').set({ connected: true }).where('id', '=', offline.deviceId).execute();
    expect(await activate(offline.deviceId)).toMatchObject({ outcome: 'applied', device: { awaitingAudit: false } });
    const late = await row(offline.deviceId);
    expect(monthsOf(late.activated_at!, late.warranty_until!)).toBe(36);
  });
});

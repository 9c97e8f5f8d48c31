import {
  ErrorCode,
  ota2CreateTask,
  ota2ListDevices,
  ota2ListRollbacks,
  ota2ListUpgradeRecords,
  ota4gCreateBatchTask,
  ota4gListBatchTasks,
  ota4gListDevices,
  ota4gSetBatchEnabled,
  ota4gUploadFirmware,
  type Firmware,
  type OtaBatchTask,
  type OtaDevice,
  type OtaRollbackRecord,
} from '@dcc/contract';
import type { VirtualDevice } from '@dcc/simulator';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newDemoDevice, waitFor, type TestDevice } from '../../../test/device-link.ts';
import { call } from '../../../test/harness.ts';
import { useOtaEnv } from '../../../test/ota-env.ts';
import { idleDtu } from '../../../test/ota-fleet.ts';
import { newFirmware, OTA2_BUTTONS, OTA4G_BUTTONS, type Caller } from '../../../test/ota-setup.ts';
import { postMultipart } from '../../../test/uploads.ts';

/**
 * The OTA catalog with nothing stood in: device lists per area, rollback records and the 4G batch upgrade task
 * that upgrades a simulated 4G DTU when it comes online (embedded broker, real HTTP download).
 */
const WAIT_MS = 60_000;

const env = useOtaEnv([...OTA2_BUTTONS, ...OTA4G_BUTTONS]);

const setVersion = (id: string, version: string) =>
  env.t.db.updateTable('devices').set({ software_version: version }).where('id', '=', id).execute();

/** Starts a simulated DTU of the device running `version` and waits for it online. */
async function online(device: TestDevice, version: string): Promise<VirtualDevice> {
  const dtu = idleDtu({
    url: env.url,
    identity: { code: device.code, secret: device.secret, kind: 'heatPump' },
    reportIntervalMs: 600_000,
    heartbeatIntervalMs: 600_000,
    firmwareVersion: version,
    ota: 'normal',
  });
  env.dtus.push(dtu);
  dtu.start();
  await waitFor(
    'the DTU online',
    async () =>
      (await env.t.db.selectFrom('devices').select('connected').where('id', '=', device.id).executeTakeFirstOrThrow())
        .connected,
    WAIT_MS,
  );
  return dtu;
}

async function upload4g(caller: Caller, version: string): Promise<Firmware> {
  const answer = await postMultipart(
    env.t.app,
    ota4gUploadFirmware.path,
    caller,
    {
      productId: env.world.productId,
      type: 'gateway',
      version,
      softwareCode: 'DTU4G',
      hardwareCode: 'HW-4G',
      supportsUpgrade: 'true',
    },
    { name: `dtu-${version}.plcx`, bytes: randomBytes(64 * 1024) },
  );
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult as Firmware;
}

describe('device lists per OTA area', () => {
  it("lists the subtree's devices with their software in the area of their product's network, filtered", async () => {
    const mine = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    const theirs = await newDemoDevice(env.t, { dealerId: env.world.B });
    await env.t.db
      .updateTable('devices')
      .set({ software_code: 'HPA200-MB', software_version: '3.4.5' })
      .where('id', '=', mine.id)
      .execute();
    const list = async (callDef: typeof ota2ListDevices, body: Record<string, unknown>, caller = env.world.callerA) =>
      (await call<{ list: OtaDevice[]; totalSize: number }>(env.t.app, callDef, body, caller)).body;
    // The demo product is networked over Wi-Fi: a second-generation device.
    const second = await list(ota2ListDevices, { deviceCode: mine.code });
    expect(second.objectResult!.list).toEqual([
      expect.objectContaining({
        deviceId: mine.id,
        softwareCode: 'HPA200-MB',
        softwareVersion: '3.4.5',
        online: false,
      }),
    ]);
    expect((await list(ota2ListDevices, { softwareVersion: '3.4.5' })).objectResult!.totalSize).toBe(1);
    expect((await list(ota2ListDevices, { softwareVersion: '9.9' })).objectResult!.totalSize).toBe(0);
    expect((await list(ota2ListDevices, { online: 'online', deviceCode: mine.code })).objectResult!.totalSize).toBe(0);
    // Another branch's device is not in A's list; B sees its own only.
    expect((await list(ota2ListDevices, { deviceCode: theirs.code })).objectResult!.totalSize).toBe(0);
    const ofB = await list(ota2ListDevices, { pageSize: 999 }, env.world.callerB);
    expect(ofB.objectResult!.list.map((d) => d.deviceId)).toEqual([theirs.id]);
    expect((await list(ota4gListDevices, { deviceCode: mine.code })).objectResult!.totalSize).toBe(0);
    expect((await list(ota2ListDevices, { online: 'maybe' })).error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it("names the device's product in the reader's language", async () => {
    const device = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    const names = { name: '空气源热泵 OTA 名称', en_name: 'Air-source heat pump OTA name' };
    await env.t.db.updateTable('products').set(names).where('id', '=', env.world.productId).execute();
    const shown = async (language: 'zh_CN' | 'en_US') =>
      (
        await call<{ list: OtaDevice[] }>(
          env.t.app,
          ota2ListDevices,
          { deviceCode: device.code },
          {
            ...env.world.callerA,
            language,
          },
        )
      ).body.objectResult!.list.map((row) => row.productName);
    expect(await shown('en_US')).toEqual([names.en_name]);
    expect(await shown('zh_CN')).toEqual([names.name]);
  });
});

describe('rollback (initialize) records', () => {
  it('records a rollback task per device as initializing, then success with the older version', async () => {
    const device = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    await setVersion(device.id, '2.0.0');
    const dtu = await online(device, '2.0.0');
    const factory = await newFirmware(env.t, env.world, { version: '1.0.5' });
    const refused = await call(
      env.t.app,
      ota2CreateTask,
      { firmwareId: factory.firmwareId, deviceIds: [device.id] },
      env.world.callerA,
    );
    expect(refused.body.error_code).toBe(ErrorCode.FIRMWARE_OLDER);
    const created = await call(
      env.t.app,
      ota2CreateTask,
      { firmwareId: factory.firmwareId, deviceIds: [device.id], rollback: true },
      env.world.callerA,
    );
    expect(created.body.error_code).toBe(0);
    const records = async (body: Record<string, unknown>, caller = env.world.callerA) =>
      (await call<{ list: OtaRollbackRecord[]; totalSize: number }>(env.t.app, ota2ListRollbacks, body, caller)).body
        .objectResult!;
    await waitFor(
      'the rollback succeeded',
      async () => (await records({ deviceCode: device.code, status: 'success' })).totalSize === 1,
      WAIT_MS,
    );
    expect((await records({ deviceCode: device.code })).list).toEqual([
      expect.objectContaining({
        deviceId: device.id,
        fromVersion: '2.0.0',
        toVersion: '1.0.5',
        status: 'success',
        reason: null,
        firmwareName: 'main-1.0.5.plcx',
      }),
    ]);
    expect(dtu.ota.version).toBe('1.0.5');
    expect((await records({ deviceCode: device.code, status: 'failure' })).totalSize).toBe(0);
    expect((await records({ deviceCode: device.code }, env.world.callerB)).totalSize).toBe(0);
    // The upgrade records filter by the spec's statuses.
    const upgrades = async (body: Record<string, unknown>) =>
      (await call<{ totalSize: number }>(env.t.app, ota2ListUpgradeRecords, body, env.world.callerA)).body.objectResult!
        .totalSize;
    expect(
      await upgrades({ deviceCode: device.code, upgradeStatus: 'finished', paramStatus: 'downloadSucceeded' }),
    ).toBe(1);
    expect(await upgrades({ deviceCode: device.code, upgradeStatus: 'failed' })).toBe(0);
    expect(await upgrades({ deviceCode: device.code, paramStatus: 'checkFailure' })).toBe(0);
  }, 120_000);
});

describe('4G batch upgrading (B226)', () => {
  const batches = async (caller: Caller = env.world.callerA) =>
    (await call<{ list: OtaBatchTask[] }>(env.t.app, ota4gListBatchTasks, { pageSize: 999 }, caller)).body.objectResult!
      .list;

  it('upgrades a matching device when it comes online, counts it, and stops picking up once disabled', async () => {
    const fw = await upload4g(env.world.callerA, '5.1.0');
    const created = await call<OtaBatchTask>(
      env.t.app,
      ota4gCreateBatchTask,
      { firmwareId: fw.firmwareId },
      env.world.callerA,
    );
    expect(created.body).toMatchObject({
      error_code: 0,
      objectResult: {
        firmwareName: 'dtu-5.1.0.plcx',
        softwareCode: 'DTU4G',
        version: '5.1.0',
        otaType: 'gateway',
        successCount: 0,
        failCount: 0,
        enabled: true,
      },
    });
    const batchId = created.body.objectResult!.batchId;
    // Another branch's firmware answers like a missing one.
    const foreignFirmware = await upload4g(env.world.callerB, '5.1.1');
    const foreign4g = await call(
      env.t.app,
      ota4gCreateBatchTask,
      { firmwareId: foreignFirmware.firmwareId },
      env.world.callerA,
    );
    expect(foreign4g.body.error_code).toBe(ErrorCode.NOT_FOUND);
    // One enabled batch per product and company.
    const second = await call(env.t.app, ota4gCreateBatchTask, { firmwareId: fw.firmwareId }, env.world.callerA);
    expect(second.body.error_code).toBe(ErrorCode.OTA_BATCH_PRODUCT_BUSY);
    // Another branch neither sees the batch nor switches it.
    expect((await batches(env.world.callerB)).map((b) => b.batchId)).not.toContain(batchId);
    const foreign = await call(env.t.app, ota4gSetBatchEnabled, { batchId, enabled: false }, env.world.callerB);
    expect(foreign.body.error_code).toBe(ErrorCode.NOT_FOUND);

    // A device of A's subtree comes online after the batch was made: it is upgraded.
    const device = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    await setVersion(device.id, '5.0.0');
    const dtu = await online(device, '5.0.0');
    const versionOf = async (id: string) =>
      (await env.t.db.selectFrom('devices').select('software_version').where('id', '=', id).executeTakeFirstOrThrow())
        .software_version;
    await waitFor('the device upgraded by the batch', async () => (await versionOf(device.id)) === '5.1.0', WAIT_MS);
    expect(dtu.ota.version).toBe('5.1.0');
    const counted = (await batches()).find((b) => b.batchId === batchId)!;
    expect(counted.successCount).toBeGreaterThanOrEqual(1);
    expect(counted.failCount).toBe(0);
    // A device of branch B coming online is not A's batch's.
    const outsider = await newDemoDevice(env.t, { dealerId: env.world.B });
    await setVersion(outsider.id, '5.0.0');
    const outsiderDtu = await online(outsider, '5.0.0');

    // Disabled: a device coming online later stays as it is.
    const disabled = await call<OtaBatchTask>(
      env.t.app,
      ota4gSetBatchEnabled,
      { batchId, enabled: false },
      env.world.callerA,
    );
    expect(disabled.body.objectResult).toMatchObject({ enabled: false, successCount: counted.successCount });
    const late = await newDemoDevice(env.t, { dealerId: env.world.A1 });
    await setVersion(late.id, '5.0.0');
    await online(late, '5.0.0');
    const jobs = await env.t.db
      .selectFrom('ota_task_devices')
      .select('device_id')
      .where('device_id', 'in', [late.id, outsider.id])
      .execute();
    expect(jobs).toEqual([]);

    // Enabled again: the device online now is picked up; the other branch's device never is.
    const enabled = await call<OtaBatchTask>(
      env.t.app,
      ota4gSetBatchEnabled,
      { batchId, enabled: true },
      env.world.callerA,
    );
    expect(enabled.body.objectResult).toMatchObject({ enabled: true });
    await waitFor(
      'the late device upgraded once enabled again',
      async () => (await versionOf(late.id)) === '5.1.0',
      WAIT_MS,
    );
    expect((await batches()).find((b) => b.batchId === batchId)!.successCount).toBe(counted.successCount + 1);
    expect(await versionOf(outsider.id)).toBe('5.0.0');
    expect(outsiderDtu.ota.version).toBe('5.0.0');
  }, 180_000);
});

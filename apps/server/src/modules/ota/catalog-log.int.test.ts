import { randomBytes } from 'node:crypto';
import {
  CLOUD_API,
  ota2DeleteFirmware,
  ota2UploadFirmware,
  ota4gCreateBatchTask,
  ota4gSetBatchEnabled,
  ota4gUploadFirmware,
  type Firmware,
  type OtaBatchTask,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { newFirmware, OTA2_BUTTONS, OTA4G_BUTTONS, otaWorld, type OtaWorld } from '../../../test/ota-setup.ts';
import { postMultipart } from '../../../test/uploads.ts';

/**
 * Firmware and batch changes are in the API call log as every catalog change is (issue 22 and 23): who, which
 * call, what it asked (an upload its fields, never its bytes) and how it ended.
 */
let t: TestApp;
let world: OtaWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await otaWorld(t, [...OTA2_BUTTONS, ...OTA4G_BUTTONS]);
});
afterAll(async () => t?.close());

/** The API log's rows of a call, oldest first. */
async function logged(path: string) {
  await t.callLog.flush();
  const rows = await t.db
    .selectFrom('api_call_log')
    .select(['user_id', 'dealer_id', 'params', 'outcome_code'])
    .where('interface_name', '=', path.slice(CLOUD_API.length + 1))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, params: JSON.parse(row.params) as Record<string, unknown> }));
}

describe('firmware and 4G batch changes in the API call log', () => {
  it('logs an upload with its fields, and a delete, with the operator and the outcome', async () => {
    const fw = await newFirmware(t, world, { version: '2.0.1' });
    const deleted = await call(t.app, ota2DeleteFirmware, { firmwareId: fw.firmwareId }, world.callerA);
    expect(deleted.body.error_code).toBe(0);
    const uploads = await logged(ota2UploadFirmware.path);
    expect(uploads.at(-1)).toMatchObject({
      dealer_id: world.A,
      outcome_code: 0,
      params: { version: '2.0.1', type: 'mainboard', productId: world.productId, softwareCode: 'HPA200-MB' },
    });
    expect(uploads.at(-1)!.user_id).not.toBeNull();
    const deletes = await logged(ota2DeleteFirmware.path);
    expect(deletes.at(-1)).toMatchObject({
      user_id: uploads.at(-1)!.user_id,
      outcome_code: 0,
      params: { firmwareId: fw.firmwareId },
    });
  });

  it('logs a batch enabled and disabled', async () => {
    const upload = await postMultipart(
      t.app,
      ota4gUploadFirmware.path,
      world.callerA,
      {
        productId: world.productId,
        type: 'gateway',
        version: '6.0.0',
        softwareCode: 'DTU4G',
        hardwareCode: 'HW-4G',
        supportsUpgrade: 'true',
      },
      { name: 'dtu-6.0.0.plcx', bytes: randomBytes(1024) },
    );
    const fw = upload.body.objectResult as Firmware;
    const batch = await call<OtaBatchTask>(
      t.app,
      ota4gCreateBatchTask,
      { firmwareId: fw.firmwareId, enabled: false },
      world.callerA,
    );
    const batchId = batch.body.objectResult!.batchId;
    for (const enabled of [true, false])
      expect((await call(t.app, ota4gSetBatchEnabled, { batchId, enabled }, world.callerA)).body.error_code).toBe(0);
    const switched = await logged(ota4gSetBatchEnabled.path);
    expect(switched.map((row) => [row.params, row.outcome_code])).toEqual([
      [{ batchId, enabled: true }, 0],
      [{ batchId, enabled: false }, 0],
    ]);
  });
});

import { createHash } from 'node:crypto';
import {
  ErrorCode,
  MAINBOARD_FIRMWARE_MAX_BYTES,
  ota2DeleteFirmware,
  ota2ListFirmware,
  ota4gListFirmware,
  type Firmware,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { newFirmware, otaWorld, uploadOta2, type OtaWorld } from '../../../test/ota-setup.ts';
import { FirmwareLinks } from './download-links.ts';

let t: TestApp;
let world: OtaWorld;
beforeAll(async () => {
  t = await startTestApp();
  world = await otaWorld(t);
});
afterAll(async () => t.close());

const fields = (overrides: Record<string, string> = {}) => ({
  productId: world.productId,
  type: 'mainboard',
  version: '2.0.0',
  softwareCode: 'HPA200-MB',
  hardwareCode: 'HW-A2',
  supportsUpgrade: 'true',
  ...overrides,
});

describe('firmware upload (spec section 5)', () => {
  it('keeps a .plcx file with its fields and SHA-256, listed in its area only', async () => {
    const fw = await newFirmware(t, world, { version: '2.0.1', size: MAINBOARD_FIRMWARE_MAX_BYTES });
    expect(fw).toMatchObject({
      type: 'mainboard',
      name: 'main-2.0.1.plcx',
      size: MAINBOARD_FIRMWARE_MAX_BYTES,
      version: '2.0.1',
      softwareCode: 'HPA200-MB',
      hardwareCode: 'HW-A2',
      supportsUpgrade: true,
      sha256: createHash('sha256').update(fw.bytes).digest('hex'),
    });
    const list = await call<{ list: Firmware[] }>(t.app, ota2ListFirmware, {}, world.callerA);
    expect(list.body.objectResult!.list.map((f) => f.firmwareId)).toContain(fw.firmwareId);
    const other = await call<{ list: Firmware[] }>(t.app, ota4gListFirmware, {}, world.callerA);
    expect(other.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
  });

  it('refuses a file that is not .plcx, a mainboard file over 512 KB, no file and no product', async () => {
    const refusals = [
      [fields(), { name: 'main.bin', bytes: Buffer.alloc(10, 1) }, 'only .plcx files are accepted'],
      [
        fields(),
        { name: 'main.plcx', bytes: Buffer.alloc(MAINBOARD_FIRMWARE_MAX_BYTES + 1, 1) },
        'mainboard firmware is at most 512 KB',
      ],
      [fields(), null, 'choose a file'],
    ] as const;
    for (const [form, file, reason] of refusals) {
      const answer = await uploadOta2(t, world.callerA, form, file);
      expect(answer.body).toMatchObject({
        error_code: ErrorCode.FIRMWARE_FILE_INVALID,
        error_msg: `The firmware file was refused: ${reason}`,
      });
    }
    const { productId: _, ...noProduct } = fields();
    const missing = await uploadOta2(t, world.callerA, noProduct, { name: 'a.plcx', bytes: Buffer.alloc(10, 1) });
    expect(missing.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    const unknown = await uploadOta2(t, world.callerA, fields({ productId: '999999999' }), {
      name: 'a.plcx',
      bytes: Buffer.alloc(10, 1),
    });
    expect(unknown.body.error_code).toBe(ErrorCode.PRODUCT_UNKNOWN);
    const gateway = await uploadOta2(t, world.callerA, fields({ type: 'gateway' }), {
      name: 'dtu.plcx',
      bytes: Buffer.alloc(MAINBOARD_FIRMWARE_MAX_BYTES + 1, 1),
    });
    expect(gateway.body.error_code).toBe(0);
  });

  it("is deleted only by its company's subtree: another branch gets NOT_FOUND", async () => {
    const fw = await newFirmware(t, world, { version: '2.0.2' });
    const foreign = await call(t.app, ota2DeleteFirmware, { firmwareId: fw.firmwareId }, world.callerB);
    expect(foreign.body.error_code).toBe(ErrorCode.NOT_FOUND);
    const seen = await call<{ list: Firmware[] }>(t.app, ota2ListFirmware, {}, world.callerB);
    expect(seen.body.objectResult!.list.map((f) => f.firmwareId)).not.toContain(fw.firmwareId);
    expect((await call(t.app, ota2DeleteFirmware, { firmwareId: fw.firmwareId }, world.callerA)).body.error_code).toBe(
      0,
    );
  });
});

describe('firmware download links', () => {
  it('serve the file, and byte ranges of it for resuming, only with a valid signature for that firmware', async () => {
    const fw = await newFirmware(t, world, { version: '2.0.3', size: 3000 });
    const other = await newFirmware(t, world, { version: '2.0.4', size: 3000 });
    const links = new FirmwareLinks(t.config.ota.linkSecret, t.config.ota.linkTtlSeconds);
    const link = links.path(fw.firmwareId, '77');
    const whole = await t.app.inject({ method: 'GET', url: link });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(fw.bytes)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/3000');
    expect(part.rawPayload.equals(fw.bytes.subarray(1000, 2000))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=3000-' } });
    expect(past.statusCode).toBe(416);
    const expires = Number(/expires=(\d+)/.exec(link)![1]);
    for (const bad of [
      link.replace(/sig=[\w-]+/, 'sig=AAAA'),
      link.replace(/expires=\d+/, `expires=${expires + 60}`),
      link.replace(/expires=\d+/, 'expires=1000'),
      link.replace(`/ota/firmware/${fw.firmwareId}/`, `/ota/firmware/${other.firmwareId}/`),
      link.replace('/77?', '/78?'),
      `/ota/firmware/${fw.firmwareId}/77`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: bad });
      expect(refused.statusCode, bad).toBe(403);
      expect(refused.json()).toMatchObject({ error_code: ErrorCode.OTA_LINK_INVALID });
    }
  });

  it('stop serving a firmware deleted after its bytes were served, although the instance keeps a copy', async () => {
    const fw = await newFirmware(t, world, { version: '2.0.5', size: 2000 });
    const link = new FirmwareLinks(t.config.ota.linkSecret, t.config.ota.linkTtlSeconds).path(fw.firmwareId, '79');
    const served = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=0-999' } });
    expect(served.rawPayload.equals(fw.bytes.subarray(0, 1000))).toBe(true);
    expect((await call(t.app, ota2DeleteFirmware, { firmwareId: fw.firmwareId }, world.callerA)).body.error_code).toBe(
      0,
    );
    const after = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=1000-1999' } });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ error_code: ErrorCode.OTA_LINK_INVALID });
  });
});

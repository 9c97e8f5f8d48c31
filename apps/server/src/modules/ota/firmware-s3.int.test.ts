import { createHash } from 'node:crypto';
import { ErrorCode, ota2DeleteFirmware } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertFirmware } from '../../../test/matrix/ota-records.ts';
import { newFirmware, otaWorld, type OtaWorld } from '../../../test/ota-setup.ts';
import { startS3Server, type S3Server } from '../../../test/s3-server.ts';
import { sparePort } from '../../../test/spare-port.ts';
import { loadOtaConfig } from '../../ota-config.ts';
import { FirmwareLinks } from './download-links.ts';
import { openFirmwareStores } from './firmware-stores.ts';

/**
 * Firmware files in an S3-compatible store (issue 23), against a real one (s3rver) started by the test: the row
 * stays in the database, the file is an object of the bucket, and devices still download through the server's
 * own signed links.
 */
let s3: S3Server;
let t: TestApp;
let world: OtaWorld;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ ota: loadOtaConfig(s3.env) });
  world = await otaWorld(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const linkTo = (firmwareId: string, jobId: string) =>
  new FirmwareLinks(t.config.ota.linkSecret, t.config.ota.linkTtlSeconds).path(firmwareId, jobId);

const rowOf = (firmwareId: string) =>
  t.db
    .selectFrom('ota_firmware')
    .select(['stored_in', 'bytes', 'size', 'sha256'])
    .where('id', '=', firmwareId)
    .executeTakeFirst();

describe('firmware in an S3-compatible store', () => {
  it('keeps an upload as an object of the bucket and only its description in the database', async () => {
    const fw = await newFirmware(t, world, { version: '3.0.0', size: 200 * 1024 });
    expect(await rowOf(fw.firmwareId)).toEqual({
      stored_in: 's3',
      bytes: null,
      size: 200 * 1024,
      sha256: createHash('sha256').update(fw.bytes).digest('hex'),
    });
    expect((await s3.object(`firmware/${fw.firmwareId}`))?.equals(fw.bytes)).toBe(true);
  });

  it('serves it through the signed link in ranges that resume after a drop, and the pieces hash to its SHA-256', async () => {
    const fw = await newFirmware(t, world, { version: '3.0.1', size: 100_000 });
    const link = linkTo(fw.firmwareId, '501');
    const whole = await t.app.inject({ method: 'GET', url: link });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(fw.bytes)).toBe(true);
    // A device fetching 30 000 bytes at a time whose second transfer broke halfway: it asks again from what it holds.
    const pieces: Buffer[] = [];
    let held = 0;
    let dropped = false;
    while (held < fw.size) {
      const end = Math.min(held + 30_000, fw.size) - 1;
      const part = await t.app.inject({ method: 'GET', url: link, headers: { range: `bytes=${held}-${end}` } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${held}-${end}/${fw.size}`);
      const kept = held > 0 && !dropped ? part.rawPayload.subarray(0, 7_000) : part.rawPayload;
      dropped ||= held > 0;
      pieces.push(kept);
      held += kept.length;
    }
    expect(pieces.length).toBe(5);
    expect(createHash('sha256').update(Buffer.concat(pieces)).digest('hex')).toBe(fw.sha256);
    const past = await t.app.inject({ method: 'GET', url: link, headers: { range: `bytes=${fw.size}-` } });
    expect(past.statusCode).toBe(416);
    const forged = await t.app.inject({ method: 'GET', url: link.replace('/501?', '/502?') });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error_code: ErrorCode.OTA_LINK_INVALID });
  });

  it('deletes the object with the firmware, and its link serves nothing after', async () => {
    const fw = await newFirmware(t, world, { version: '3.0.2', size: 4000 });
    const link = linkTo(fw.firmwareId, '503');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const deleted = await call(t.app, ota2DeleteFirmware, { firmwareId: fw.firmwareId }, world.callerA);
    expect(deleted.body.error_code).toBe(0);
    expect(await rowOf(fw.firmwareId)).toBeUndefined();
    expect(await s3.object(`firmware/${fw.firmwareId}`)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
  });

  it('answers a clear 404 and no byte of a firmware whose object went missing from the bucket', async () => {
    const fw = await newFirmware(t, world, { version: '3.0.3', size: 4000 });
    await s3.deleteObject(`firmware/${fw.firmwareId}`);
    for (const range of [undefined, 'bytes=0-999']) {
      const headers = range ? { range } : {};
      const answer = await t.app.inject({ method: 'GET', url: linkTo(fw.firmwareId, '504'), headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toMatchObject({
        error_code: ErrorCode.OTA_FIRMWARE_FILE_MISSING,
        error_msg: "This firmware's file is missing from the firmware store; upload the firmware again",
      });
    }
    expect(t.logs.join('')).toMatch(new RegExp(`"firmwareId":"${fw.firmwareId}".*firmware file missing`));
  });

  it('still serves firmware kept in the database before the store was configured', async () => {
    const firmwareId = await insertFirmware(t.db, world.A, 'second');
    const answer = await t.app.inject({ method: 'GET', url: linkTo(firmwareId, '505') });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.toString()).toBe('firmware of the matrix');
  });
});

describe('an S3 store that cannot be used', () => {
  it('stops the start, naming the store and its answer', async () => {
    await expect(startTestApp({ ota: loadOtaConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }) })).rejects.toThrow(
      /S3 firmware store \(S3 bucket 'no-such-bucket' at http:\/\/127\.0\.0\.1:\d+\) cannot be used: HTTP 404/,
    );
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ACCESS_KEY_ID: 'NOT-A-KEY' }, /cannot be used: HTTP 403/],
      [{ S3_ENDPOINT: `http://127.0.0.1:${await sparePort()}` }, /cannot be used: .*ECONNREFUSED/],
    ];
    for (const [change, message] of refusals)
      await expect(openFirmwareStores(loadOtaConfig({ ...s3.env, ...change }).store, t.db, t.app.log)).rejects.toThrow(
        message,
      );
  }, 60_000);
});

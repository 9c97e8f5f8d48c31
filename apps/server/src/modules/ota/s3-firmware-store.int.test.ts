import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@dcc/contract';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/s3-server.ts';
import { FirmwareBytes } from './firmware-bytes.ts';
import type { FirmwareStores } from './firmware-store.ts';
import { S3FirmwareStore } from './s3-firmware-store.ts';

/** The S3 firmware store against a real S3-compatible server (s3rver) started by the test. */
let s3: S3Server;
let store: S3FirmwareStore;
const logged: string[] = [];
const log = Fastify({
  logger: {
    level: 'error',
    stream: new Writable({
      write: (chunk: Buffer, _encoding, done) => done(void logged.push(chunk.toString())),
    }),
  },
}).log;
const s3Config = () => s3.config as Extract<S3Server['config'], { kind: 's3' }>;

beforeAll(async () => {
  s3 = await startS3Server();
  store = new S3FirmwareStore(s3Config(), log);
});
afterAll(async () => {
  store?.close();
  await s3?.stop();
});

describe('S3 firmware store', () => {
  it('puts a file as object firmware/{id}, reads it whole and by span, and deletes it', async () => {
    const bytes = randomBytes(5000);
    await store.put('101', bytes);
    expect((await s3.object('firmware/101'))?.equals(bytes)).toBe(true);
    expect(await store.exists('101')).toBe(true);
    expect((await store.read('101'))?.equals(bytes)).toBe(true);
    expect((await store.read('101', { start: 1000, end: 1999 }))?.equals(bytes.subarray(1000, 2000))).toBe(true);
    await store.delete('101');
    expect(await s3.object('firmware/101')).toBeUndefined();
    expect(await store.exists('101')).toBe(false);
    expect(await store.read('101')).toBeUndefined();
    await store.delete('101');
  });

  it('answers OTA_FIRMWARE_STORE_UNAVAILABLE when the store refuses its credentials, and refuses to start with them', async () => {
    const wrong = new S3FirmwareStore(
      { ...s3Config(), accessKeyId: 'NOT-A-KEY', secretAccessKey: 'not-the-secret' },
      log,
    );
    try {
      await expect(wrong.put('102', Buffer.from('x'))).rejects.toMatchObject({
        code: ErrorCode.OTA_FIRMWARE_STORE_UNAVAILABLE,
      });
      await expect(wrong.read('102')).rejects.toMatchObject({ code: ErrorCode.OTA_FIRMWARE_STORE_UNAVAILABLE });
      await expect(wrong.verify()).rejects.toThrow(/S3 firmware store \(S3 bucket 'firmware-test' at .*\).*HTTP 403/);
      // The operator reads the store's answer in the log; the keys are in no log line.
      expect(logged.join('')).toMatch(/"answer":"HTTP 403[^"]*".*firmware store: put failed/);
      expect(logged.join('')).not.toMatch(/NOT-A-KEY|not-the-secret/);
    } finally {
      wrong.close();
    }
  });
});

describe('firmware bytes served from S3', () => {
  const stores = (): FirmwareStores => ({
    uploads: store,
    holding: (kind) => (kind === 's3' ? store : null),
    close() {},
  });

  it('keeps a small file after one read, reads a large one span by span, and never serves a shortened object', async () => {
    const files = new FirmwareBytes(stores(), 40_000);
    const small = randomBytes(6000);
    const large = randomBytes(30_000);
    await store.put('201', small);
    await store.put('202', large);
    const smallRow = { id: '201', sha256: 'a'.repeat(64), size: small.length, stored_in: 's3' as const };
    const largeRow = { id: '202', sha256: 'b'.repeat(64), size: large.length, stored_in: 's3' as const };
    expect((await files.span(smallRow, { start: 0, end: 999 }))?.equals(small.subarray(0, 1000))).toBe(true);
    expect((await files.span(largeRow, { start: 20_000, end: 29_999 }))?.equals(large.subarray(20_000))).toBe(true);
    // Replaced behind the server's back by a shorter file: the span it no longer holds is not served in part.
    await store.put('202', large.subarray(0, 25_000));
    expect(await files.span(largeRow, { start: 20_000, end: 29_999 })).toBeUndefined();
    await store.put('203', small.subarray(0, 10));
    expect(await files.span({ ...smallRow, id: '203' }, { start: 0, end: 9 })).toBeUndefined();
    // The kept copy of a small file needs no second read.
    await store.delete('201');
    expect((await files.span(smallRow, { start: 5000, end: 5999 }))?.equals(small.subarray(5000))).toBe(true);
  });

  it('answers nothing for a firmware kept in a store this instance does not have', async () => {
    const files = new FirmwareBytes({ ...stores(), holding: () => null });
    expect(
      await files.span({ id: '204', sha256: 'c'.repeat(64), size: 10, stored_in: 'database' }, { start: 0, end: 9 }),
    ).toBeUndefined();
  });
});

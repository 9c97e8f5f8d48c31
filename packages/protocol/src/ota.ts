import { FUNCTION_CODES } from './frame.ts';
import { deviceCodeProblem, writeFrame } from './frame-writer.ts';
import { attempt, Refusal } from './refusal.ts';
import type { EncodeError, EncodeOptions, EncodeResult } from './encode.ts';

/**
 * The firmware-upgrade frames (docs/device-protocol.md section 19): the cloud notifies a device of a firmware
 * (its job, size, SHA-256, version and a short-lived download link) or cancels the job; the device reports its
 * progress and outcome. The status byte's names are the contract's (OTA_DEVICE_STATUS): this engine carries it.
 */

/** Longest version text and download URL a frame carries. */
export const OTA_MAX_VERSION_LENGTH = 20;
export const OTA_MAX_URL_LENGTH = 1024;
const SHA256_BYTES = 32;

/** An upgrade the cloud asks for: job id (the device's row in the task), file size, SHA-256 (hex), version, link. */
export interface OtaNotify {
  job: number;
  size: number;
  sha256: string;
  version: string;
  url: string;
}

/** A device's progress on a job: the status byte, the percent downloaded (0-100), the version it runs now. */
export interface OtaProgress {
  job: number;
  status: number;
  percent: number;
  version: string;
}

/** Printable ASCII without space: versions and links. */
const isTextByte = (b: number): boolean => b >= 0x21 && b <= 0x7e;

const refuse = (error: EncodeError): never => {
  throw new Refusal<EncodeError>(error);
};

function checkText(text: string, max: number, what: string): void {
  if (text.length > max) refuse({ code: 'encode.badValue', message: `The ${what} is longer than ${max} characters` });
  for (let k = 0; k < text.length; k++)
    if (!isTextByte(text.charCodeAt(k)))
      refuse({ code: 'encode.badValue', message: `The ${what} may hold printable ASCII only (no spaces)` });
}

function checkWhole(value: number, max: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > max)
    refuse({ code: 'encode.badValue', message: `The ${what} must be a whole number 0-${max}, not ${value}` });
}

function header(deviceCode: string, options: EncodeOptions): number {
  const problem = deviceCodeProblem(deviceCode);
  if (problem) refuse({ code: 'encode.badDeviceCode', message: problem });
  const seq = options.seq ?? 0;
  if (!Number.isInteger(seq) || seq < 0 || seq > 0xffff)
    refuse({ code: 'encode.badSeq', message: `The sequence number must be 0-65535, not ${seq}` });
  return seq;
}

function writeUint32(out: Uint8Array, at: number, value: number): number {
  out[at] = (value >>> 24) & 0xff;
  out[at + 1] = (value >>> 16) & 0xff;
  out[at + 2] = (value >>> 8) & 0xff;
  out[at + 3] = value & 0xff;
  return at + 4;
}

function writeText(out: Uint8Array, at: number, text: string, lengthBytes: 1 | 2): number {
  if (lengthBytes === 2) out[at++] = text.length >>> 8;
  out[at++] = text.length & 0xff;
  for (let k = 0; k < text.length; k++) out[at++] = text.charCodeAt(k);
  return at;
}

const build = (write: () => Uint8Array): EncodeResult => {
  const r = attempt<Uint8Array, EncodeError>(write);
  return r.ok ? { ok: true, bytes: r.value } : r;
};

/** Builds an OTA notify (cloud to device, function 30). */
export function encodeOtaNotify(deviceCode: string, notify: OtaNotify, options: EncodeOptions = {}): EncodeResult {
  return build(() => {
    const seq = header(deviceCode, options);
    checkWhole(notify.job, 0xffffffff, 'job');
    checkWhole(notify.size, 0xffffffff, 'size');
    if (!/^[0-9a-f]{64}$/.test(notify.sha256))
      refuse({ code: 'encode.badValue', message: 'The SHA-256 must be 64 lowercase hex digits' });
    checkText(notify.version, OTA_MAX_VERSION_LENGTH, 'version');
    checkText(notify.url, OTA_MAX_URL_LENGTH, 'download URL');
    const length = 4 + 4 + SHA256_BYTES + 1 + notify.version.length + 2 + notify.url.length;
    return writeFrame(FUNCTION_CODES.otaNotify, seq, deviceCode, length, (out, at) => {
      at = writeUint32(out, at, notify.job);
      at = writeUint32(out, at, notify.size);
      for (let k = 0; k < SHA256_BYTES; k++) out[at++] = parseInt(notify.sha256.slice(2 * k, 2 * k + 2), 16);
      at = writeText(out, at, notify.version, 1);
      writeText(out, at, notify.url, 2);
    });
  });
}

/** Builds an OTA progress report (device to cloud, function 31). */
export function encodeOtaProgress(
  deviceCode: string,
  progress: OtaProgress,
  options: EncodeOptions = {},
): EncodeResult {
  return build(() => {
    const seq = header(deviceCode, options);
    checkWhole(progress.job, 0xffffffff, 'job');
    checkWhole(progress.status, 0xff, 'status');
    checkWhole(progress.percent, 100, 'percent');
    checkText(progress.version, OTA_MAX_VERSION_LENGTH, 'version');
    return writeFrame(
      FUNCTION_CODES.otaProgress,
      seq,
      deviceCode,
      4 + 1 + 1 + 1 + progress.version.length,
      (out, at) => {
        at = writeUint32(out, at, progress.job);
        out[at++] = progress.status;
        out[at++] = progress.percent;
        writeText(out, at, progress.version, 1);
      },
    );
  });
}

/** Builds an OTA cancel (cloud to device, function 32): the device stops the job. */
export function encodeOtaCancel(deviceCode: string, job: number, options: EncodeOptions = {}): EncodeResult {
  return build(() => {
    const seq = header(deviceCode, options);
    checkWhole(job, 0xffffffff, 'job');
    return writeFrame(FUNCTION_CODES.otaCancel, seq, deviceCode, 4, (out, at) => {
      writeUint32(out, at, job);
    });
  });
}

/** A body reader: `need` refuses a field past the end; `bad` refuses a field whose value is not allowed. */
export interface BodyReader {
  bytes: Uint8Array;
  end: number;
  need(at: number, n: number, what: string): void;
  bad(message: string, at: number): never;
}

const readUint32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;

function readText(r: BodyReader, at: number, lengthBytes: 1 | 2, max: number, what: string): [string, number] {
  r.need(at, lengthBytes, `the ${what} length`);
  const length = lengthBytes === 2 ? (r.bytes[at]! << 8) | r.bytes[at + 1]! : r.bytes[at]!;
  at += lengthBytes;
  if (length > max) r.bad(`The ${what} is longer than ${max} characters`, at - lengthBytes);
  r.need(at, length, `the ${what}`);
  for (let k = at; k < at + length; k++)
    if (!isTextByte(r.bytes[k]!)) r.bad(`The ${what} has a non-printable byte at offset ${k}`, k);
  const text = String.fromCharCode.apply(null, r.bytes.subarray(at, at + length) as unknown as number[]);
  return [text, at + length];
}

/** Reads an OTA notify body from `at`; answers it and the offset after it. */
export function readOtaNotify(r: BodyReader, at: number): [OtaNotify, number] {
  r.need(at, 8 + SHA256_BYTES, 'the job, size and SHA-256');
  const job = readUint32(r.bytes, at);
  const size = readUint32(r.bytes, at + 4);
  let sha256 = '';
  for (let k = at + 8; k < at + 8 + SHA256_BYTES; k++) sha256 += r.bytes[k]!.toString(16).padStart(2, '0');
  const [version, afterVersion] = readText(r, at + 8 + SHA256_BYTES, 1, OTA_MAX_VERSION_LENGTH, 'version');
  const [url, after] = readText(r, afterVersion, 2, OTA_MAX_URL_LENGTH, 'download URL');
  return [{ job, size, sha256, version, url }, after];
}

/** Reads an OTA progress body from `at`. */
export function readOtaProgress(r: BodyReader, at: number): [OtaProgress, number] {
  r.need(at, 6, 'the job, status and percent');
  const job = readUint32(r.bytes, at);
  const status = r.bytes[at + 4]!;
  const percent = r.bytes[at + 5]!;
  if (percent > 100) r.bad(`The percent must be 0-100, not ${percent}`, at + 5);
  const [version, after] = readText(r, at + 6, 1, OTA_MAX_VERSION_LENGTH, 'version');
  return [{ job, status, percent, version }, after];
}

/** Reads an OTA cancel body from `at`. */
export function readOtaCancel(r: BodyReader, at: number): [number, number] {
  r.need(at, 4, 'the job');
  return [readUint32(r.bytes, at), at + 4];
}

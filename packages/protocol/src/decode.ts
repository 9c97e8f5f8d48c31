import type { CompiledTable } from './compile-table.ts';
import { crc16Modbus } from './crc16.ts';
import { FramePoints, type DecodedPoint, type StoredPoint } from './decode-points.ts';
import type { ValueLookup } from './formula/index.ts';
import {
  CONTROL_ACTIONS,
  FRAME_HEAD,
  functionOf,
  isDeviceCodeByte,
  MAX_DEVICE_CODE_LENGTH,
  MIN_FRAME_LENGTH,
  PROTOCOL_VERSION,
  SET_STATUS,
  type ControlAction,
  type FrameFunction,
  type Heartbeat,
  type SetStatus,
} from './frame.ts';
import { hex16 } from './hex.ts';
import {
  readOtaCancel,
  readOtaNotify,
  readOtaProgress,
  type BodyReader,
  type OtaNotify,
  type OtaProgress,
} from './ota.ts';
import { Refusal } from './refusal.ts';
import type { EntryScratch } from './scratch.ts';

export type { DecodedPoint, DecodedBit, DecodedFault, StoredPoint } from './decode-points.ts';

/** A frame that passed every check. */
export interface DecodedFrame {
  head: string;
  version: number;
  function: FrameFunction;
  functionCode: number;
  seq: number;
  deviceCode: string;
  /** The CRC value as four hex digits (sent low byte first). */
  crc: string;
  points: DecodedPoint[];
  /** Read request: the addresses asked for. */
  addresses?: number[];
  /** Set reply: the status byte and its name. */
  status?: number;
  statusName?: SetStatus | 'unknown';
  heartbeat?: Heartbeat;
  /** Control command and control reply: the action byte and its name. */
  action?: number;
  actionName?: ControlAction | 'unknown';
  /** OTA notify: the firmware offered. */
  otaNotify?: OtaNotify;
  /** OTA progress: the device's report on a job. */
  otaProgress?: OtaProgress;
  /** OTA cancel: the job to stop. */
  otaCancelJob?: number;
}

export type FrameErrorCode =
  | 'frame.notBytes'
  | 'frame.tooShort'
  | 'frame.badHead'
  | 'frame.unsupportedVersion'
  | 'frame.crcMismatch'
  | 'frame.unknownFunction'
  | 'frame.badDeviceCode'
  | 'frame.truncated'
  | 'frame.trailingBytes'
  | 'frame.unknownAddress'
  | 'frame.splitPair'
  | 'frame.duplicateAddress'
  | 'frame.noTable'
  | 'frame.badField'
  | 'frame.internal';

/** Why a frame was refused, and the byte offset where the problem is. */
export interface FrameError {
  code: FrameErrorCode;
  message: string;
  offset: number;
}

export type DecodeResult = { ok: true; frame: DecodedFrame } | { ok: false; error: FrameError };

/** A frame decoded for storage: its points without their text (decodeFrameValues). */
export interface DecodedFrameValues extends Omit<DecodedFrame, 'points'> {
  points: StoredPoint[];
}

export type DecodeValuesResult = { ok: true; frame: DecodedFrameValues } | { ok: false; error: FrameError };

export interface DecodeOptions {
  /** Current values of points not in this frame, for formulas that reference them ($n$). */
  current?: ValueLookup | ReadonlyMap<number, number>;
}

const refuse = (code: FrameErrorCode, message: string, offset: number): never => {
  throw new Refusal<FrameError>({ code, message, offset });
};

const STATUS_NAMES = new Map<number, SetStatus>(Object.entries(SET_STATUS).map(([k, v]) => [v, k as SetStatus]));
const ACTION_NAMES = new Map<number, ControlAction>(
  Object.entries(CONTROL_ACTIONS).map(([k, v]) => [v, k as ControlAction]),
);
const shared = new FramePoints();
const HEAD_HEX = hex16(FRAME_HEAD);

/** Decodes one binary frame with a protocol version's point table; never throws, whatever the bytes. */
export function decodeFrame(
  bytes: Uint8Array,
  table: CompiledTable | null | undefined,
  options: DecodeOptions = {},
): DecodeResult {
  return run(bytes, table, options, false) as DecodeResult;
}

/**
 * decodeFrame for storage: the same checks, refusals and values, each point as its address, value and
 * faults only (no hex, code, name, unit or labels: the ingest stores values and would make that text
 * for nothing, 50 times per frame).
 */
export function decodeFrameValues(
  bytes: Uint8Array,
  table: CompiledTable | null | undefined,
  options: DecodeOptions = {},
): DecodeValuesResult {
  return run(bytes, table, options, true) as DecodeValuesResult;
}

function run(
  bytes: Uint8Array,
  table: CompiledTable | null | undefined,
  options: DecodeOptions,
  valuesOnly: boolean,
): DecodeResult | DecodeValuesResult {
  // A caller's `current` lookup could decode another frame from inside this one.
  const work = shared.busy ? new FramePoints() : shared;
  work.busy = true;
  try {
    return { ok: true, frame: decode(bytes, table, options, work, valuesOnly) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error as FrameError };
    // A bug must not take the ingest loop down; the code tells it apart from a bad frame.
    return { ok: false, error: { code: 'frame.internal', message: `Decoder failure: ${String(e)}`, offset: 0 } };
  } finally {
    work.busy = false;
  }
}

function decode(
  bytes: Uint8Array,
  table: CompiledTable | null | undefined,
  options: DecodeOptions,
  work: FramePoints,
  valuesOnly: boolean,
): DecodedFrame | DecodedFrameValues {
  if (!(bytes instanceof Uint8Array)) refuse('frame.notBytes', 'A frame must be given as bytes (Uint8Array)', 0);
  const len = bytes.length;
  if (len < MIN_FRAME_LENGTH)
    refuse('frame.tooShort', `A frame has at least ${MIN_FRAME_LENGTH} bytes, this one ${len}`, len);
  const head = (bytes[0]! << 8) | bytes[1]!;
  if (head !== FRAME_HEAD)
    refuse('frame.badHead', `The packet head must be ${hex16(FRAME_HEAD)}, not ${hex16(head)}`, 0);
  if (bytes[2] !== PROTOCOL_VERSION)
    refuse(
      'frame.unsupportedVersion',
      `Protocol version ${bytes[2]} is not supported (expected ${PROTOCOL_VERSION})`,
      2,
    );
  const end = len - 2;
  const sent = bytes[end]! | (bytes[end + 1]! << 8);
  const crc = crc16Modbus(bytes, 0, end);
  if (sent !== crc)
    refuse('frame.crcMismatch', `The frame says CRC ${hex16(sent)} but its bytes give ${hex16(crc)}`, end);
  const functionCode = bytes[3]!;
  const fn = functionOf(functionCode);
  if (fn === undefined)
    refuse('frame.unknownFunction', `Function code 0x${functionCode.toString(16).padStart(2, '0')} is not defined`, 3);
  const seq = (bytes[4]! << 8) | bytes[5]!;
  const codeLen = bytes[6]!;
  if (codeLen === 0 || codeLen > MAX_DEVICE_CODE_LENGTH)
    refuse('frame.badDeviceCode', `The device code length must be 1-${MAX_DEVICE_CODE_LENGTH}, not ${codeLen}`, 6);
  if (7 + codeLen > end) refuse('frame.truncated', `The device code runs past the end of the frame`, 6);
  for (let k = 7; k < 7 + codeLen; k++) {
    const b = bytes[k]!;
    if (!isDeviceCodeByte(b))
      refuse('frame.badDeviceCode', `The device code has a non-printable byte 0x${b.toString(16)} at offset ${k}`, k);
  }
  const deviceCode = String.fromCharCode.apply(null, bytes.subarray(7, 7 + codeLen) as unknown as number[]);
  const frame: DecodedFrame | DecodedFrameValues = {
    head: HEAD_HEX,
    version: PROTOCOL_VERSION,
    function: fn!,
    functionCode,
    seq,
    deviceCode,
    crc: hex16(crc),
    points: [],
  };
  let at = 7 + codeLen;
  switch (fn) {
    case 'heartbeat':
      need(at, 2, end, 'the heartbeat');
      frame.heartbeat = { rssi: (bytes[at]! << 24) >> 24, mainboardLink: bytes[at + 1] === 1 };
      at += 2;
      break;
    case 'control':
    case 'controlReply':
      if (fn === 'controlReply') {
        need(at, 1, end, 'the status');
        frame.status = bytes[at]!;
        frame.statusName = STATUS_NAMES.get(frame.status) ?? 'unknown';
        at += 1;
      }
      need(at, 1, end, 'the action');
      frame.action = bytes[at]!;
      frame.actionName = ACTION_NAMES.get(frame.action) ?? 'unknown';
      at += 1;
      break;
    case 'otaNotify':
      [frame.otaNotify, at] = readOtaNotify(bodyReader(bytes, end), at);
      break;
    case 'otaProgress':
      [frame.otaProgress, at] = readOtaProgress(bodyReader(bytes, end), at);
      break;
    case 'otaCancel':
      [frame.otaCancelJob, at] = readOtaCancel(bodyReader(bytes, end), at);
      break;
    case 'readRequest': {
      need(at, 2, end, 'the count');
      const count = (bytes[at]! << 8) | bytes[at + 1]!;
      at += 2;
      need(at, count * 2, end, 'the address list');
      frame.addresses = [];
      for (let k = 0; k < count; k++, at += 2) frame.addresses.push((bytes[at]! << 8) | bytes[at + 1]!);
      break;
    }
    default: {
      if (fn === 'setReply') {
        need(at, 1, end, 'the status');
        frame.status = bytes[at]!;
        frame.statusName = STATUS_NAMES.get(frame.status) ?? 'unknown';
        at += 1;
      }
      if (!table) refuse('frame.noTable', 'A point table is needed to decode point values', at);
      need(at, 2, end, 'the count');
      const count = (bytes[at]! << 8) | bytes[at + 1]!;
      at = readEntries(bytes, at + 2, end, count, table!, work.scratch);
      frame.points = valuesOnly
        ? work.storedPoints(table!, options.current)
        : work.compute(bytes, table!, options.current);
    }
  }
  if (at !== end) refuse('frame.trailingBytes', `${end - at} unexpected byte(s) before the CRC at offset ${at}`, at);
  return frame;
}

const bodyReader = (bytes: Uint8Array, end: number): BodyReader => ({
  bytes,
  end,
  need: (at, n, what) => need(at, n, end, what),
  bad: (message, at) => refuse('frame.badField', message, at),
});

function need(at: number, n: number, end: number, what: string): void {
  if (at + n > end) refuse('frame.truncated', `The frame ends inside ${what} at offset ${at}`, at);
}

/** Splits the entry run into points (into the scratch), checking addresses, widths and pairs. */
function readEntries(
  bytes: Uint8Array,
  start: number,
  end: number,
  count: number,
  table: CompiledTable,
  scratch: EntryScratch,
): number {
  scratch.begin(table.points.length);
  const registers = table.registers;
  let at = start;
  for (let k = 0; k < count; k++) {
    if (at + 2 > end) refuse('frame.truncated', `The frame ends inside entry ${k + 1} of ${count} at offset ${at}`, at);
    const address = (bytes[at]! << 8) | bytes[at + 1]!;
    const slot = registers[address];
    if (slot === undefined) refuse('frame.unknownAddress', `Address ${address} is not in the point table`, at);
    const { point, width, part } = slot!;
    if (part === 'low')
      refuse(
        'frame.splitPair',
        `Address ${address} is the low register of point ${point.address} and must follow its high register`,
        at,
      );
    if (scratch.has(point.index))
      refuse('frame.duplicateAddress', `Point ${point.address} appears twice in the frame`, at);
    const valueStart = at + 2;
    if (valueStart + width > end)
      refuse('frame.truncated', `The frame ends inside the value of address ${address}`, valueStart);
    let raw = 0;
    for (let b = 0; b < width; b++) raw = raw * 256 + bytes[valueStart + b]!;
    at = valueStart + width;
    if (part === 'high') {
      k++;
      const lowAt = at;
      if (k < count && lowAt + 4 > end)
        refuse('frame.truncated', `The frame ends inside the low register of point ${point.address}`, lowAt);
      if (k >= count || ((bytes[lowAt]! << 8) | bytes[lowAt + 1]!) !== point.lowPoint) {
        refuse(
          'frame.splitPair',
          `Point ${point.address} is a high/low pair: its low register ${point.lowPoint} must come next`,
          lowAt,
        );
      }
      raw = raw * 65536 + ((bytes[lowAt + 2]! << 8) | bytes[lowAt + 3]!);
      scratch.add(point.index, raw, valueStart, lowAt + 4, lowAt + 2);
      at = lowAt + 4;
    } else {
      scratch.add(point.index, raw, valueStart, at, -1);
    }
  }
  return at;
}

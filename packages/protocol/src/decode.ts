import type { CompiledPoint, CompiledTable } from './compile-table.ts';
import { rawToInteger, rawToValue } from './convert.ts';
import { crc16Modbus } from './crc16.ts';
import type { EvalEnv, FormulaError, ValueLookup } from './formula/index.ts';
import { finish } from './formula/index.ts';
import { FRAME_HEAD, functionOf, isDeviceCodeByte, MAX_DEVICE_CODE_LENGTH, MIN_FRAME_LENGTH, PROTOCOL_VERSION, SET_STATUS, type FrameFunction, type Heartbeat, type SetStatus } from './frame.ts';
import { hex16, toHex } from './hex.ts';
import { EntryScratch } from './scratch.ts';

export interface DecodedBit { bit: number; code: string; content: string; on: boolean }
export interface DecodedFault { faultCode: string; level: number }

/** One point of a decoded frame, as the device log and the frame inspector show it. */
export interface DecodedPoint {
  address: number;
  code: string;
  name: string;
  /** The value bytes as sent, in hex (both registers of a high/low pair, high first). */
  raw: string;
  /** The integer the data type sees: the raw, read as signed when the data type is signed. */
  rawValue: number;
  /** After the data type's report rule and the point's report formula; null when they failed (see error). */
  value: number | null;
  unit: string;
  enumLabel?: string;
  bits?: DecodedBit[];
  faults?: DecodedFault[];
  error?: FormulaError;
}

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
}

export type FrameErrorCode =
  | 'frame.notBytes' | 'frame.tooShort' | 'frame.badHead' | 'frame.unsupportedVersion' | 'frame.crcMismatch'
  | 'frame.unknownFunction' | 'frame.badDeviceCode' | 'frame.truncated' | 'frame.trailingBytes'
  | 'frame.unknownAddress' | 'frame.splitPair' | 'frame.duplicateAddress' | 'frame.noTable' | 'frame.internal';

/** Why a frame was refused, and the byte offset where the problem is. */
export interface FrameError { code: FrameErrorCode; message: string; offset: number }

export type DecodeResult = { ok: true; frame: DecodedFrame } | { ok: false; error: FrameError };

export interface DecodeOptions {
  /** Current values of points not in this frame, for formulas that reference them ($n$). */
  current?: ValueLookup | ReadonlyMap<number, number>;
}

class Refusal {
  constructor(readonly error: FrameError) {}
}
const refuse = (code: FrameErrorCode, message: string, offset: number): never => {
  throw new Refusal({ code, message, offset });
};

const STATUS_NAMES = new Map<number, SetStatus>(Object.entries(SET_STATUS).map(([k, v]) => [v, k as SetStatus]));
const shared = new EntryScratch();

/** Decodes one binary frame with a protocol version's point table; never throws, whatever the bytes. */
export function decodeFrame(bytes: Uint8Array, table: CompiledTable | null | undefined, options: DecodeOptions = {}): DecodeResult {
  // A caller's `current` lookup could decode another frame from inside this one.
  const scratch = shared.busy ? new EntryScratch() : shared;
  scratch.busy = true;
  try {
    return { ok: true, frame: decode(bytes, table, options, scratch) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error };
    // A bug must not take the ingest loop down; the code tells it apart from a bad frame.
    return { ok: false, error: { code: 'frame.internal', message: `Decoder failure: ${String(e)}`, offset: 0 } };
  } finally {
    scratch.busy = false;
  }
}

function decode(bytes: Uint8Array, table: CompiledTable | null | undefined, options: DecodeOptions, scratch: EntryScratch): DecodedFrame {
  if (!(bytes instanceof Uint8Array)) refuse('frame.notBytes', 'A frame must be given as bytes (Uint8Array)', 0);
  const len = bytes.length;
  if (len < MIN_FRAME_LENGTH) refuse('frame.tooShort', `A frame has at least ${MIN_FRAME_LENGTH} bytes, this one ${len}`, len);
  const head = (bytes[0]! << 8) | bytes[1]!;
  if (head !== FRAME_HEAD) refuse('frame.badHead', `The packet head must be ${hex16(FRAME_HEAD)}, not ${hex16(head)}`, 0);
  if (bytes[2] !== PROTOCOL_VERSION) refuse('frame.unsupportedVersion', `Protocol version ${bytes[2]} is not supported (expected ${PROTOCOL_VERSION})`, 2);
  const end = len - 2;
  const sent = bytes[end]! | (bytes[end + 1]! << 8);
  const crc = crc16Modbus(bytes, 0, end);
  if (sent !== crc) refuse('frame.crcMismatch', `The frame says CRC ${hex16(sent)} but its bytes give ${hex16(crc)}`, end);
  const functionCode = bytes[3]!;
  const fn = functionOf(functionCode);
  if (fn === undefined) refuse('frame.unknownFunction', `Function code 0x${functionCode.toString(16).padStart(2, '0')} is not defined`, 3);
  const seq = (bytes[4]! << 8) | bytes[5]!;
  const codeLen = bytes[6]!;
  if (codeLen === 0 || codeLen > MAX_DEVICE_CODE_LENGTH) refuse('frame.badDeviceCode', `The device code length must be 1-${MAX_DEVICE_CODE_LENGTH}, not ${codeLen}`, 6);
  if (7 + codeLen > end) refuse('frame.truncated', `The device code runs past the end of the frame`, 6);
  let deviceCode = '';
  for (let k = 7; k < 7 + codeLen; k++) {
    const b = bytes[k]!;
    if (!isDeviceCodeByte(b)) refuse('frame.badDeviceCode', `The device code has a non-printable byte 0x${b.toString(16)} at offset ${k}`, k);
    deviceCode += String.fromCharCode(b);
  }
  const frame: DecodedFrame = { head: hex16(head), version: PROTOCOL_VERSION, function: fn!, functionCode, seq, deviceCode, crc: hex16(crc), points: [] };
  let at = 7 + codeLen;
  const need = (n: number, what: string) => {
    if (at + n > end) refuse('frame.truncated', `The frame ends inside ${what} at offset ${at}`, at);
  };
  switch (fn) {
    case 'heartbeat':
      need(2, 'the heartbeat');
      frame.heartbeat = { rssi: (bytes[at]! << 24) >> 24, mainboardLink: bytes[at + 1] === 1 };
      at += 2;
      break;
    case 'readRequest': {
      need(2, 'the count');
      const count = (bytes[at]! << 8) | bytes[at + 1]!;
      at += 2;
      need(count * 2, 'the address list');
      frame.addresses = [];
      for (let k = 0; k < count; k++, at += 2) frame.addresses.push((bytes[at]! << 8) | bytes[at + 1]!);
      break;
    }
    default: {
      if (fn === 'setReply') {
        need(1, 'the status');
        frame.status = bytes[at]!;
        frame.statusName = STATUS_NAMES.get(frame.status) ?? 'unknown';
        at += 1;
      }
      if (!table) refuse('frame.noTable', 'A point table is needed to decode point values', at);
      need(2, 'the count');
      const count = (bytes[at]! << 8) | bytes[at + 1]!;
      at = readEntries(bytes, at + 2, end, count, table!, scratch);
      frame.points = computePoints(bytes, table!, options, scratch);
    }
  }
  if (at !== end) refuse('frame.trailingBytes', `${end - at} unexpected byte(s) before the CRC at offset ${at}`, at);
  return frame;
}

/** Splits the entry run into points (into the scratch), checking addresses, widths and pairs. */
function readEntries(bytes: Uint8Array, start: number, end: number, count: number, table: CompiledTable, scratch: EntryScratch): number {
  scratch.begin(table.points.length);
  const registers = table.registers;
  let at = start;
  for (let k = 0; k < count; k++) {
    if (at + 2 > end) refuse('frame.truncated', `The frame ends inside entry ${k + 1} of ${count} at offset ${at}`, at);
    const address = (bytes[at]! << 8) | bytes[at + 1]!;
    const slot = registers[address];
    if (slot === undefined) refuse('frame.unknownAddress', `Address ${address} is not in the point table`, at);
    const { point, width, part } = slot!;
    if (part === 'low') refuse('frame.splitPair', `Address ${address} is the low register of point ${point.address} and must follow its high register`, at);
    if (scratch.has(point.index)) refuse('frame.duplicateAddress', `Point ${point.address} appears twice in the frame`, at);
    const valueStart = at + 2;
    if (valueStart + width > end) refuse('frame.truncated', `The frame ends inside the value of address ${address}`, valueStart);
    let raw = 0;
    for (let b = 0; b < width; b++) raw = raw * 256 + bytes[valueStart + b]!;
    at = valueStart + width;
    if (part === 'high') {
      k++;
      const lowAt = at;
      if (k >= count || lowAt + 4 > end || ((bytes[lowAt]! << 8) | bytes[lowAt + 1]!) !== point.lowPoint) {
        refuse('frame.splitPair', `Point ${point.address} is a high/low pair: its low register ${point.lowPoint} must come next`, lowAt);
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

function computePoints(bytes: Uint8Array, table: CompiledTable, options: DecodeOptions, scratch: EntryScratch): DecodedPoint[] {
  const points = table.points;
  const current = options.current;
  const fallback: ValueLookup = current === undefined ? () => undefined : typeof current === 'function' ? current : (a) => current.get(a);
  const env: EvalEnv = {
    // Another point of the same frame wins over the caller's current value; a cycle falls back to it.
    values: (address) => {
      const p = table.byAddress.get(address);
      if (p !== undefined && scratch.has(p.index)) {
        const v = valueOf(p);
        if (v !== undefined) return v;
      }
      return fallback(address);
    },
    error: null,
  };
  const valueOf = (p: CompiledPoint): number | undefined => {
    const i = p.index;
    if (scratch.computed(i)) return scratch.values[i];
    if (!scratch.enter(i)) return undefined;
    const outer = env.error;
    env.error = null;
    const v = rawToValue(p, scratch.raws[i]!, env);
    const r = finish(v, env, p.def.reportFormula || String(p.def.dataType));
    scratch.settle(i, r.ok ? r.value : NaN, r.ok ? null : r.error);
    env.error = outer;
    return r.ok ? r.value : undefined;
  };
  const out: DecodedPoint[] = [];
  const n = scratch.count;
  for (let k = 0; k < n; k++) {
    const i = scratch.order[k]!;
    const p = points[i]!;
    valueOf(p);
    out.push(describePoint(bytes, p, scratch.raws[i]!, scratch.errors[i] ?? null, scratch.values[i]!, scratch.starts[i]!, scratch.ends[i]!, scratch.lowStarts[i]!));
  }
  return out;
}

function describePoint(bytes: Uint8Array, p: CompiledPoint, raw: number, error: FormulaError | null, value: number, start: number, end: number, lowStart: number): DecodedPoint {
  const rawHex = lowStart < 0 ? toHex(bytes, start, end) : toHex(bytes, start, start + 2) + toHex(bytes, lowStart, end);
  const d: DecodedPoint = { address: p.address, code: p.code, name: p.name, raw: rawHex, rawValue: rawToInteger(p, raw), value: error ? null : value, unit: p.unit };
  if (error) {
    d.error = error;
    return d;
  }
  if (p.enumLabels) {
    const label = p.enumLabels.get(value);
    if (label !== undefined) d.enumLabel = label;
  }
  if (p.binaryItems) d.bits = p.binaryItems.map((b) => ({ bit: b.bit, code: b.code, content: b.content, on: ((raw >>> b.bit) & 1) === 1 }));
  if (p.faultBits || p.faultValues) {
    const faults: DecodedFault[] = [];
    for (const f of p.faultBits ?? []) if (((raw >>> f.bit!) & 1) === 1) faults.push({ faultCode: f.faultCode, level: f.level });
    for (const f of p.faultValues ?? []) if (f.value === value) faults.push({ faultCode: f.faultCode, level: f.level });
    d.faults = faults;
  }
  return d;
}

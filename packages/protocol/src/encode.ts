import type { CompiledTable } from './compile-table.ts';
import { valueToRaw } from './convert.ts';
import type { EvalEnv, FormulaError, ValueLookup } from './formula/index.ts';
import {
  CONTROL_ACTIONS,
  FUNCTION_CODES,
  SET_STATUS,
  type ControlAction,
  type Heartbeat,
  type SetStatus,
} from './frame.ts';
import { deviceCodeProblem, entriesLength, writeEntries, writeFrame, type WireEntry } from './frame-writer.ts';
import { attempt, Refusal } from './refusal.ts';
import { checkRange } from './value-range.ts';

/** A value for one point, by its address (engineering units: 45.5 °C, not 455). */
export interface PointValue {
  address: number;
  value: number;
}

export type EncodeErrorCode =
  | 'encode.badDeviceCode'
  | 'encode.badSeq'
  | 'encode.tooMany'
  | 'encode.unknownPoint'
  | 'encode.readOnly'
  | 'encode.duplicateAddress'
  | 'encode.badValue'
  | 'encode.belowRange'
  | 'encode.aboveRange'
  | 'encode.unknownReference'
  | 'encode.notEnumValue'
  | 'encode.formula'
  | 'encode.notRepresentable'
  | 'encode.rawOutOfRange';

/** Why a frame could not be built, naming the point where one is at fault. */
export interface EncodeError {
  code: EncodeErrorCode;
  message: string;
  address?: number;
  /** encode.unknownReference: the point whose current value the range needs (a `$n$` end of the range). */
  reference?: number;
  min?: number | null;
  max?: number | null;
  formulaError?: FormulaError;
}

export type EncodeResult = { ok: true; bytes: Uint8Array } | { ok: false; error: EncodeError };

export interface EncodeOptions {
  /** Sequence number (0-65535) a reply echoes; 0 when not given. */
  seq?: number;
  /** Current values of other points, for value ranges and formulas that reference them. */
  current?: ValueLookup | ReadonlyMap<number, number>;
}

const refuse = (error: EncodeError): never => {
  throw new Refusal<EncodeError>(error);
};

function build(write: () => Uint8Array): EncodeResult {
  const r = attempt<Uint8Array, EncodeError>(write);
  return r.ok ? { ok: true, bytes: r.value } : r;
}

function checkHeader(deviceCode: string, options: EncodeOptions): number {
  const problem = deviceCodeProblem(deviceCode);
  if (problem) refuse({ code: 'encode.badDeviceCode', message: problem });
  const seq = options.seq ?? 0;
  if (!Number.isInteger(seq) || seq < 0 || seq > 0xffff)
    refuse({ code: 'encode.badSeq', message: `The sequence number must be 0-65535, not ${seq}` });
  return seq;
}

/**
 * Turns values into wire entries. A command (checked) refuses read-only points, out-of-range values
 * and values finer than the point's resolution; a report (simulated device) rounds and skips those checks.
 */
function toEntries(
  values: readonly PointValue[],
  table: CompiledTable,
  options: EncodeOptions,
  checked: boolean,
): WireEntry[] {
  if (values.length > 0xffff) refuse({ code: 'encode.tooMany', message: 'A frame carries at most 65535 entries' });
  const current = options.current;
  const incoming = new Map<number, number>();
  for (const { address, value } of values) {
    const point = table.byAddress.get(address);
    if (!point)
      refuse({ code: 'encode.unknownPoint', message: `Address ${address} is not a point of the table`, address });
    if (incoming.has(address))
      refuse({ code: 'encode.duplicateAddress', message: `Point ${address} is given twice`, address });
    if (typeof value !== 'number' || !Number.isFinite(value))
      refuse({
        code: 'encode.badValue',
        message: `Point ${address} needs a finite number, not ${String(value)}`,
        address,
      });
    incoming.set(address, value);
  }
  // Values set together win over current values: raising the maximum and a setpoint in one command works.
  const lookup: ValueLookup = (a) =>
    incoming.get(a) ??
    (current === undefined ? undefined : typeof current === 'function' ? current(a) : current.get(a));
  const entries: WireEntry[] = [];
  for (const { address, value } of values) {
    const point = table.byAddress.get(address)!;
    const label = `Point ${address} (${point.code})`;
    if (checked && !point.writable) refuse({ code: 'encode.readOnly', message: `${label} is read-only`, address });
    if (checked && point.enumLabels && !point.enumLabels.has(value)) {
      refuse({
        code: 'encode.notEnumValue',
        message: `${label}: ${value} is none of its enum values (${[...point.enumLabels.keys()].join(', ')})`,
        address,
      });
    }
    if (checked && point.range) {
      const r = checkRange(value, point.range, lookup);
      if (r.status === 'unknownReference')
        refuse({
          code: 'encode.unknownReference',
          message: `${label}: the range ${point.range.source} needs the current value of point ${r.address}`,
          address,
          reference: r.address,
        });
      if (r.status === 'below')
        refuse({
          code: 'encode.belowRange',
          message: `${label}: ${value} is below the minimum ${r.min} (${point.range.source})`,
          address,
          min: r.min,
          max: r.max,
        });
      if (r.status === 'above')
        refuse({
          code: 'encode.aboveRange',
          message: `${label}: ${value} is above the maximum ${r.max} (${point.range.source})`,
          address,
          min: r.min,
          max: r.max,
        });
    }
    const env: EvalEnv = { values: lookup, error: null };
    const out = valueToRaw(point, value, env, !checked);
    if (!out.ok) {
      if (out.reason === 'formula') {
        const fe = out.env.error;
        refuse({
          code: 'encode.formula',
          message: `${label}: the send rule failed: ${fe?.message ?? 'the result is not a finite number'}`,
          address,
          ...(fe ? { formulaError: fe } : {}),
        });
      } else if (out.reason === 'notRepresentable') {
        refuse({
          code: 'encode.notRepresentable',
          message: `${label}: ${value} is finer than the point's resolution (raw ${out.integer})`,
          address,
        });
      } else {
        refuse({
          code: 'encode.rawOutOfRange',
          message: `${label}: raw ${out.integer} does not fit ${point.byteLength} ${point.signed ? 'signed' : 'unsigned'} byte(s)`,
          address,
        });
      }
    } else if (point.lowPoint === null) {
      entries.push({ address, width: point.byteLength, raw: out.raw });
    } else {
      entries.push(
        { address, width: 2, raw: Math.floor(out.raw / 65536) },
        { address: point.lowPoint, width: 2, raw: out.raw % 65536 },
      );
    }
  }
  if (entries.length > 0xffff) refuse({ code: 'encode.tooMany', message: 'A frame carries at most 65535 entries' });
  return entries;
}

function valuesFrame(
  functionCode: number,
  deviceCode: string,
  values: readonly PointValue[],
  table: CompiledTable,
  options: EncodeOptions,
  checked: boolean,
  status?: number,
): EncodeResult {
  return build(() => {
    const seq = checkHeader(deviceCode, options);
    const entries = toEntries(values, table, options, checked);
    const extra = status === undefined ? 0 : 1;
    return writeFrame(functionCode, seq, deviceCode, extra + entriesLength(entries), (out, at) => {
      if (status !== undefined) out[at++] = status;
      writeEntries(out, at, entries);
    });
  });
}

/** Builds a set command (cloud to device): send rules, byte lengths, high/low pairs, mode and range checks. */
export function encodeSetCommand(
  deviceCode: string,
  writes: readonly PointValue[],
  table: CompiledTable,
  options: EncodeOptions = {},
): EncodeResult {
  return valuesFrame(FUNCTION_CODES.setCommand, deviceCode, writes, table, options, true);
}

/** Builds a report (device to cloud) as a DTU would send it; for the simulator and tests. */
export function encodeReport(
  deviceCode: string,
  values: readonly PointValue[],
  table: CompiledTable,
  options: EncodeOptions = {},
): EncodeResult {
  return valuesFrame(FUNCTION_CODES.report, deviceCode, values, table, options, false);
}

/** Builds a set reply (device to cloud): the status and the values as applied; echo the command's seq. */
export function encodeSetReply(
  deviceCode: string,
  status: SetStatus,
  applied: readonly PointValue[],
  table: CompiledTable,
  options: EncodeOptions = {},
): EncodeResult {
  return valuesFrame(FUNCTION_CODES.setReply, deviceCode, applied, table, options, false, SET_STATUS[status]);
}

/** Builds a read request (cloud to device): the device answers with a report carrying the same seq. */
export function encodeReadRequest(
  deviceCode: string,
  addresses: readonly number[],
  options: EncodeOptions = {},
): EncodeResult {
  return build(() => {
    const seq = checkHeader(deviceCode, options);
    if (addresses.length > 0xffff) refuse({ code: 'encode.tooMany', message: 'A frame carries at most 65535 entries' });
    for (const a of addresses) {
      if (!Number.isInteger(a) || a < 0 || a > 0xffff)
        refuse({ code: 'encode.unknownPoint', message: `Address ${a} is not 0-65535`, address: a });
    }
    return writeFrame(FUNCTION_CODES.readRequest, seq, deviceCode, 2 + addresses.length * 2, (out, at) => {
      out[at++] = addresses.length >>> 8;
      out[at++] = addresses.length & 0xff;
      for (const a of addresses) {
        out[at++] = a >>> 8;
        out[at++] = a & 0xff;
      }
    });
  });
}

/** Builds a heartbeat: signal strength (dBm, clamped to -128..127) and the DTU-mainboard link state. */
export function encodeHeartbeat(deviceCode: string, heartbeat: Heartbeat, options: EncodeOptions = {}): EncodeResult {
  return build(() => {
    const seq = checkHeader(deviceCode, options);
    const rssi = Math.max(-128, Math.min(127, Math.round(heartbeat.rssi)));
    if (!Number.isFinite(rssi)) refuse({ code: 'encode.badValue', message: 'The signal strength must be a number' });
    return writeFrame(FUNCTION_CODES.heartbeat, seq, deviceCode, 2, (out, at) => {
      out[at] = rssi & 0xff;
      out[at + 1] = heartbeat.mainboardLink ? 1 : 0;
    });
  });
}

/** Builds a control command (cloud to device): activate, lock or unlock; the device answers with a control reply. */
export function encodeControl(deviceCode: string, action: ControlAction, options: EncodeOptions = {}): EncodeResult {
  return build(() => {
    const seq = checkHeader(deviceCode, options);
    return writeFrame(FUNCTION_CODES.control, seq, deviceCode, 1, (out, at) => {
      out[at] = CONTROL_ACTIONS[action];
    });
  });
}

/** Builds a control reply (device to cloud): the status (as a set reply's) and the action it answers; echo the command's seq. */
export function encodeControlReply(
  deviceCode: string,
  status: SetStatus,
  action: ControlAction,
  options: EncodeOptions = {},
): EncodeResult {
  return build(() => {
    const seq = checkHeader(deviceCode, options);
    return writeFrame(FUNCTION_CODES.controlReply, seq, deviceCode, 2, (out, at) => {
      out[at] = SET_STATUS[status];
      out[at + 1] = CONTROL_ACTIONS[action];
    });
  });
}

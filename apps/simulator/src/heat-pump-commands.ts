import {
  decodeFrame,
  encodeControlReply,
  encodeReport,
  encodeSetCommand,
  encodeSetReply,
  type CompiledTable,
  type DecodedFrame,
  type EncodeResult,
  type PointValue,
} from '@dcc/protocol';
import type { HeatPump } from './heat-pump-physics.ts';

/** What a DTU remembers besides its points: whether the console activated and locked it. */
export interface DtuControl {
  activated: boolean;
  locked: boolean;
  /** Answer activation with status illegalValue (a wrong activation password). */
  failActivation: boolean;
}

export type CommandOutcome =
  { kind: 'reply'; function: DecodedFrame['function']; bytes: Uint8Array } | { kind: 'ignored'; reason: string };

/** Every point of the unit, as a full report carries them. */
export function allPointValues(pump: HeatPump, table: CompiledTable): PointValue[] {
  return table.points.map((p) => ({ address: p.address, value: pump.get(p.address) }));
}

const replied = (fn: DecodedFrame['function'], result: EncodeResult): CommandOutcome =>
  result.ok ? { kind: 'reply', function: fn, bytes: result.bytes } : { kind: 'ignored', reason: result.error.message };

/**
 * Answers one frame from the cloud the way the DTU firmware does: a set command is checked with the
 * cloud's own rules (writable, enum, range against the current values) and applied whole or not at
 * all; a read request gets a report with its seq; a control command activates, locks or unlocks.
 * A frame that does not decode, or names another device, is ignored (a real DTU drops it).
 */
export function answerCommand(
  bytes: Uint8Array,
  code: string,
  table: CompiledTable,
  pump: HeatPump,
  control: DtuControl,
): CommandOutcome {
  const decoded = decodeFrame(bytes, table, { current: pump.values });
  if (!decoded.ok) return { kind: 'ignored', reason: decoded.error.code };
  const frame = decoded.frame;
  if (frame.deviceCode !== code) return { kind: 'ignored', reason: `frame for ${frame.deviceCode}` };
  const seq = frame.seq;
  switch (frame.function) {
    case 'setCommand': {
      const writes = frame.points.map((p) => ({ address: p.address, value: p.value ?? Number.NaN }));
      if (control.locked) return replied('setReply', encodeSetReply(code, 'locked', [], table, { seq }));
      const check = encodeSetCommand(code, writes, table, { current: pump.values });
      if (!check.ok) {
        const status =
          check.error.code === 'encode.readOnly' || check.error.code === 'encode.unknownPoint'
            ? 'illegalAddress'
            : 'illegalValue';
        return replied('setReply', encodeSetReply(code, status, [], table, { seq }));
      }
      for (const w of writes) pump.values.set(w.address, w.value);
      return replied('setReply', encodeSetReply(code, 'accepted', writes, table, { seq }));
    }
    case 'readRequest': {
      const asked = (frame.addresses ?? []).filter((a) => table.byAddress.has(a));
      const values =
        asked.length === 0
          ? allPointValues(pump, table)
          : asked.map((address) => ({ address, value: pump.get(address) }));
      return replied('report', encodeReport(code, values, table, { seq }));
    }
    case 'control': {
      const action = frame.actionName;
      if (action === 'activate') {
        if (control.failActivation)
          return replied('controlReply', encodeControlReply(code, 'illegalValue', action, { seq }));
        control.activated = true;
      } else if (action === 'lock') control.locked = true;
      else if (action === 'unlock') control.locked = false;
      else return { kind: 'ignored', reason: `unknown control action ${frame.action}` };
      return replied('controlReply', encodeControlReply(code, 'accepted', action, { seq }));
    }
    default:
      return { kind: 'ignored', reason: `a device does not obey a ${frame.function}` };
  }
}

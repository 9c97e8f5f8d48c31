import { crc16Modbus, decodeFrame, encodeReport, encodeSetCommand, type DecodedFrame } from '@dcc/protocol';
import { describe, expect, it } from 'vitest';
import { answerCommand, type DtuControl } from './heat-pump-commands.ts';
import { heatPumpTable } from './heat-pump-model.ts';
import { HeatPump, HP } from './heat-pump-physics.ts';
import { seededRandom } from './random.ts';

const CODE = 'HP2406A0001';
const table = heatPumpTable();
const newPump = () =>
  new HeatPump({ meanC: 5, swingC: 5, utcOffsetHours: 8 }, seededRandom('commands'), Date.UTC(2026, 0, 1));
const control = (): DtuControl => ({ activated: false, locked: false, failActivation: false });

function reply(bytes: Uint8Array, pump: HeatPump, c = control()): DecodedFrame {
  const outcome = answerCommand(bytes, CODE, table, pump, c);
  if (outcome.kind !== 'reply') throw new Error(outcome.reason);
  const d = decodeFrame(outcome.bytes, table);
  if (!d.ok) throw new Error(d.error.message);
  return d.frame;
}

/** A set command the cloud's encoder would not build (a read-only point): a report with its function byte changed. */
function rawSetCommand(values: Array<{ address: number; value: number }>, seq: number): Uint8Array {
  const r = encodeReport(CODE, values, table, { seq });
  if (!r.ok) throw new Error(r.error.message);
  const bytes = Uint8Array.from(r.bytes);
  bytes[3] = 0x10;
  const crc = crc16Modbus(bytes.subarray(0, bytes.length - 2));
  bytes[bytes.length - 2] = crc & 0xff;
  bytes[bytes.length - 1] = crc >>> 8;
  return bytes;
}

const setCommand = (values: Array<{ address: number; value: number }>, seq: number) => {
  const r = encodeSetCommand(CODE, values, table, { seq, current: new Map([[HP.maxSet, 80]]) });
  if (!r.ok) throw new Error(r.error.message);
  return r.bytes;
};

describe('heat pump command handling', () => {
  it('refuses a write to a read-only point with illegalAddress and changes nothing', () => {
    const pump = newPump();
    const before = pump.get(HP.kwh);
    const r = reply(rawSetCommand([{ address: HP.kwh, value: 1 }], 5), pump);
    expect([r.function, r.seq, r.statusName]).toEqual(['setReply', 5, 'illegalAddress']);
    expect(pump.get(HP.kwh)).toBe(before);
  });

  it('applies a command whole or not at all', () => {
    const pump = newPump();
    const r = reply(
      setCommand(
        [
          { address: HP.setHeat, value: 40 },
          { address: HP.setHot, value: 75 },
        ],
        6,
      ),
      pump,
    );
    expect(r.statusName).toBe('illegalValue'); // 75 is above maxSet 60
    expect(pump.get(HP.setHeat)).toBe(35);
  });

  it('raising maxSet and the setpoint above the old maximum in one command works', () => {
    const pump = newPump();
    const r = reply(
      setCommand(
        [
          { address: HP.maxSet, value: 75 },
          { address: HP.setHot, value: 70 },
        ],
        7,
      ),
      pump,
    );
    expect(r.statusName).toBe('accepted');
    expect([pump.get(HP.maxSet), pump.get(HP.setHot)]).toEqual([75, 70]);
  });

  it('refuses an enum value that is not one', () => {
    const pump = newPump();
    const r = reply(rawSetCommand([{ address: HP.mode, value: 9 }], 8), pump);
    expect(r.statusName).toBe('illegalValue');
    expect(pump.get(HP.mode)).toBe(2);
  });

  it('ignores what a device does not obey: its own kinds of frames, another device, garbage', () => {
    const pump = newPump();
    const report = encodeReport(CODE, [{ address: HP.power, value: 1 }], table);
    expect(report.ok && answerCommand(report.bytes, CODE, table, pump, control()).kind).toBe('ignored');
    const other = encodeSetCommand('HP2406A0002', [{ address: HP.power, value: 0 }], table);
    expect(other.ok && answerCommand(other.bytes, CODE, table, pump, control())).toEqual({
      kind: 'ignored',
      reason: 'frame for HP2406A0002',
    });
    expect(answerCommand(Uint8Array.from([1, 2, 3]), CODE, table, pump, control())).toEqual({
      kind: 'ignored',
      reason: 'frame.tooShort',
    });
    expect(pump.get(HP.power)).toBe(1);
  });
});

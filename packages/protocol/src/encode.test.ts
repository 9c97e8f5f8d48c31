import { describe, expect, it } from 'vitest';
import { compileTable } from './compile-table.ts';
import { decodeFrame } from './decode.ts';
import { demoHeatPumpTable } from './demo-table.ts';
import { encodeHeartbeat, encodeReadRequest, encodeReport, encodeSetCommand, encodeSetReply } from './encode.ts';
import { toHex } from './hex.ts';

const table = demoHeatPumpTable();
const current = new Map([[21, 60]]);

function hexOf(r: ReturnType<typeof encodeSetCommand>): string {
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return toHex(r.bytes);
}

describe('encodeSetCommand', () => {
  it('builds the documented set command byte for byte', () => {
    expect(hexOf(encodeSetCommand('HP2406A0001', [{ address: 3, value: 55 }], table, { seq: 8, current }))).toBe(
      'AA55011000080B485032343036413030303100010003003720C9',
    );
  });

  it('applies the send rule and splits a 32-bit value into its high and low registers', () => {
    const c = compileTable([
      { address: 5, code: 'sp', name: 'Setpoint', mode: 'RW', byteLength: 2, dataType: 'signed x0.1' },
      {
        address: 8,
        code: 'cnt',
        name: 'Counter',
        mode: 'RW',
        byteLength: 4,
        highLow: true,
        highPoint: 8,
        lowPoint: 9,
        dataType: 'unsigned x0.01',
      },
      {
        address: 10,
        code: 'off',
        name: 'Offset',
        mode: 'W',
        byteLength: 1,
        sendFormula: 'x + 40',
        reportFormula: 'x - 40',
      },
    ]);
    if (!c.ok) throw new Error(c.errors[0]!.message);
    const hex = hexOf(
      encodeSetCommand(
        'D1',
        [
          { address: 5, value: -1 },
          { address: 8, value: 12345.67 },
          { address: 10, value: -5 },
        ],
        c.table,
      ),
    );
    // count 4: 0005 FFF6 | 0008 0012 | 0009 D687 | 000A 23
    expect(hex).toContain('0004' + '0005FFF6' + '00080012' + '0009D687' + '000A23');
  });

  it('checks the range against current values, with values of the same command winning', () => {
    expect(encodeSetCommand('D1', [{ address: 3, value: 61 }], table, { current })).toMatchObject({
      ok: false,
      error: { code: 'encode.aboveRange', address: 3, min: 30, max: 60 },
    });
    expect(encodeSetCommand('D1', [{ address: 3, value: 29 }], table, { current })).toMatchObject({
      ok: false,
      error: { code: 'encode.belowRange', min: 30 },
    });
    expect(
      encodeSetCommand(
        'D1',
        [
          { address: 21, value: 70 },
          { address: 3, value: 65 },
        ],
        table,
        { current },
      ).ok,
    ).toBe(true);
    expect(
      encodeSetCommand('D1', [{ address: 3, value: 60 }], table, { current: (a) => (a === 21 ? 60 : undefined) }).ok,
    ).toBe(true);
    expect(encodeSetCommand('D1', [{ address: 3, value: 50 }], table)).toMatchObject({
      ok: false,
      error: { code: 'encode.unknownReference', address: 3, reference: 21 },
    });
  });

  it.each<[string, Parameters<typeof encodeSetCommand>[1], string]>([
    ['a read-only point', [{ address: 10, value: 20 }], 'encode.readOnly'],
    ['an unknown point', [{ address: 15, value: 1 }], 'encode.unknownPoint'],
    ['the low register of a pair', [{ address: 20, value: 1 }], 'encode.unknownPoint'],
    [
      'the same point twice',
      [
        { address: 4, value: 30 },
        { address: 4, value: 31 },
      ],
      'encode.duplicateAddress',
    ],
    ['a value that is not a number', [{ address: 4, value: Number.NaN }], 'encode.badValue'],
    ['a value finer than the resolution', [{ address: 4, value: 30.5 }], 'encode.notRepresentable'],
    ['a value out of the range', [{ address: 4, value: 56 }], 'encode.aboveRange'],
    ['a value that is none of the enum values', [{ address: 2, value: 4 }], 'encode.notEnumValue'],
  ])('refuses %s', (_what, writes, code) => {
    const r = encodeSetCommand('D1', writes, table, { current });
    expect(r).toMatchObject({ ok: false, error: { code } });
    expect(!r.ok && r.error.message).toMatch(/\S{3,}/);
  });

  it('refuses a raw that does not fit the byte length and a send rule that fails', () => {
    const c = compileTable([
      { address: 1, code: 'b', name: 'Byte', mode: 'RW', byteLength: 1, dataType: 'signed' },
      { address: 2, code: 'q', name: 'Quotient', mode: 'RW', byteLength: 2, sendFormula: '100 / x' },
    ]);
    if (!c.ok) throw new Error(c.errors[0]!.message);
    expect(encodeSetCommand('D1', [{ address: 1, value: 128 }], c.table)).toMatchObject({
      ok: false,
      error: { code: 'encode.rawOutOfRange', address: 1 },
    });
    expect(encodeSetCommand('D1', [{ address: 1, value: -128 }], c.table).ok).toBe(true);
    expect(encodeSetCommand('D1', [{ address: 2, value: 0 }], c.table)).toMatchObject({
      ok: false,
      error: { code: 'encode.formula', formulaError: { code: 'formula.divisionByZero' } },
    });
  });

  it('refuses a bad device code or sequence number', () => {
    expect(encodeSetCommand('', [], table)).toMatchObject({ ok: false, error: { code: 'encode.badDeviceCode' } });
    expect(encodeSetCommand('HP 01', [], table)).toMatchObject({ ok: false, error: { code: 'encode.badDeviceCode' } });
    expect(encodeSetCommand('设备', [], table)).toMatchObject({ ok: false, error: { code: 'encode.badDeviceCode' } });
    expect(encodeSetCommand('D'.repeat(65), [], table)).toMatchObject({
      ok: false,
      error: { code: 'encode.badDeviceCode' },
    });
    expect(encodeSetCommand('D1', [], table, { seq: 65536 })).toMatchObject({
      ok: false,
      error: { code: 'encode.badSeq' },
    });
  });
});

describe('encodeReport and the other builders', () => {
  it('reports read-only and out-of-range readings, rounding to the resolution', () => {
    const r = encodeReport(
      'D1',
      [
        { address: 10, value: 41.46 },
        { address: 3, value: 99 },
      ],
      table,
    );
    if (!r.ok) throw new Error(r.error.message);
    const d = decodeFrame(r.bytes, table);
    expect(d.ok && d.frame.points.map((p) => p.value)).toEqual([41.5, 99]);
  });

  it('builds the documented heartbeat, read request and set reply', () => {
    expect(hexOf(encodeHeartbeat('HP2406A0001', { rssi: -67, mainboardLink: true }, { seq: 9 }))).toBe(
      'AA55010200090B4850323430364130303031BD01B3D2',
    );
    expect(hexOf(encodeReadRequest('HP2406A0001', [3, 19], { seq: 10 }))).toBe(
      'AA550103000A0B48503234303641303030310002000300133CC8',
    );
    expect(hexOf(encodeSetReply('HP2406A0001', 'accepted', [{ address: 3, value: 55 }], table, { seq: 8 }))).toBe(
      'AA55011100080B48503234303641303030310000010003003783A7',
    );
    expect(encodeReadRequest('D1', [70000])).toMatchObject({ ok: false, error: { code: 'encode.unknownPoint' } });
  });
});

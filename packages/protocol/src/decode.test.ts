import { describe, expect, it } from 'vitest';
import { compileTable, type CompiledTable } from './compile-table.ts';
import { crc16Modbus } from './crc16.ts';
import { decodeFrame, decodeFrameValues } from './decode.ts';
import { demoHeatPumpTable } from './demo-table.ts';
import { fromHex } from './hex.ts';
import type { PointDef } from './points.ts';

const table = demoHeatPumpTable();

// The worked example of docs/device-protocol.md.
const EXAMPLE = 'AA55 01 01 0007 0B 4850323430364130303031 0005 000D FFDD 0013 0012 0014 D687 001E 0012 0028 0007 3564';

function bytes(hex: string): Uint8Array {
  const b = fromHex(hex);
  if (!b) throw new Error(`not hex: ${hex}`);
  return b;
}

/** Frames hand-written bodies: head, version 1, function, seq, code, body, then the right CRC. */
function frame(fn: number, body: string, deviceCode = 'D1', seq = 1): Uint8Array {
  const code = [...deviceCode].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  const b = bytes(
    `AA5501${fn.toString(16).padStart(2, '0')}${seq.toString(16).padStart(4, '0')}${deviceCode.length.toString(16).padStart(2, '0')}${code}${body.replace(/\s/g, '')}0000`,
  );
  const crc = crc16Modbus(b, 0, b.length - 2);
  b[b.length - 2] = crc & 0xff;
  b[b.length - 1] = crc >>> 8;
  return b;
}

function decoded(b: Uint8Array, t: CompiledTable | null = table, current?: ReadonlyMap<number, number>) {
  const r = decodeFrame(b, t, current ? { current } : {});
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.frame;
}

describe('decodeFrame: the worked example', () => {
  it('decodes header, signed temperature, 32-bit pair, fault bits and binary items', () => {
    const f = decoded(bytes(EXAMPLE));
    expect(f).toMatchObject({
      head: 'AA55',
      version: 1,
      function: 'report',
      functionCode: 1,
      seq: 7,
      deviceCode: 'HP2406A0001',
      crc: '6435',
    });
    expect(f.points.map((p) => [p.address, p.code, p.raw, p.rawValue, p.value, p.unit])).toEqual([
      [13, 'tAmb', 'FFDD', -35, -3.5, '°C'],
      [19, 'kwh', '0012D687', 1234567, 12345.67, 'kWh'],
      [30, 'fault1', '0012', 18, 18, ''],
      [40, 'run', '0007', 7, 7, ''],
    ]);
    expect(f.points[2]!.faults).toEqual([
      { faultCode: 'E02', level: 3 },
      { faultCode: 'E05', level: 1 },
    ]);
    expect(f.points[3]!.bits?.map((b) => [b.code, b.on])).toEqual([
      ['compressor', true],
      ['pump', true],
      ['fan', true],
      ['defrost', false],
      ['heater', false],
    ]);
    expect(f.points[0]).not.toHaveProperty('faults');
  });

  it('labels enum values and gives an empty fault list when no fault is active', () => {
    const f = decoded(frame(0x01, '0002 0002 0002 001E 0000'));
    expect(f.points[0]).toMatchObject({ code: 'mode', value: 2, enumLabel: '热水' });
    expect(f.points[1]).toMatchObject({ code: 'fault1', faults: [] });
    const unknown = decoded(frame(0x01, '0001 0002 0009'));
    expect(unknown.points[0]).not.toHaveProperty('enumLabel');
  });
});

describe('decodeFrame: other functions', () => {
  it('decodes a heartbeat without a table', () => {
    expect(decoded(bytes('AA55010200090B4850323430364130303031BD01B3D2'), null)).toMatchObject({
      function: 'heartbeat',
      seq: 9,
      heartbeat: { rssi: -67, mainboardLink: true },
      points: [],
    });
  });

  it('decodes a read request and a set reply', () => {
    expect(decoded(bytes('AA550103000A0B48503234303641303030310002000300133CC8'), null)).toMatchObject({
      function: 'readRequest',
      addresses: [3, 19],
    });
    const reply = decoded(bytes('AA55011100080B48503234303641303030310000010003003783A7'));
    expect(reply).toMatchObject({
      function: 'setReply',
      status: 0,
      statusName: 'accepted',
      points: [{ code: 'setHot', value: 55 }],
    });
    expect(decoded(frame(0x11, '0A 0000'))).toMatchObject({ status: 10, statusName: 'locked', points: [] });
    expect(decoded(frame(0x11, '7F 0000'))).toMatchObject({ statusName: 'unknown' });
  });

  it('decodes a set command', () => {
    expect(decoded(bytes('AA55011000080B485032343036413030303100010003003720C9'))).toMatchObject({
      function: 'setCommand',
      seq: 8,
      points: [{ address: 3, value: 55 }],
    });
  });
});

describe('decodeFrame: formulas that reference other points', () => {
  const points: PointDef[] = [
    { address: 1, code: 'a', name: 'A', mode: 'R', byteLength: 2, reportFormula: 'x + $2$' },
    { address: 2, code: 'b', name: 'B', mode: 'R', byteLength: 2, reportFormula: 'x * 10' },
    { address: 3, code: 'c', name: 'C', mode: 'R', byteLength: 1, reportFormula: 'x / $4$' },
    { address: 4, code: 'd', name: 'D', mode: 'R', byteLength: 1 },
    { address: 5, code: 'e', name: 'E', mode: 'R', byteLength: 1, reportFormula: '$6$ + x' },
    { address: 6, code: 'f', name: 'F', mode: 'R', byteLength: 1, reportFormula: '$5$ + x' },
    { address: 7, code: 'g', name: 'G', mode: 'R', byteLength: 4, dataType: 'signed' },
  ];
  const c = compileTable(points);
  if (!c.ok) throw new Error(c.errors[0]!.message);
  const t = c.table;

  it('uses a value of the same frame even when it comes later', () => {
    expect(decoded(frame(0x01, '0002 0001 0001 0002 0003'), t).points.map((p) => p.value)).toEqual([31, 30]);
  });

  it("falls back to the caller's current values, and reports a missing one on the point", () => {
    expect(decoded(frame(0x01, '0001 0001 0001'), t, new Map([[2, 100]])).points[0]!.value).toBe(101);
    const f = decoded(frame(0x01, '0001 0001 0001'), t);
    expect(f.points[0]).toMatchObject({ value: null, error: { code: 'formula.unknownPoint' } });
  });

  it('reports a division by zero on the point and keeps decoding the others', () => {
    const f = decoded(frame(0x01, '0002 0003 08 0004 00'), t);
    expect(f.points[0]).toMatchObject({
      code: 'c',
      value: null,
      rawValue: 8,
      error: { code: 'formula.divisionByZero' },
    });
    expect(f.points[1]).toMatchObject({ code: 'd', value: 0 });
  });

  it('breaks a reference cycle by falling back to current values', () => {
    const f = decoded(
      frame(0x01, '0002 0005 01 0006 02'),
      t,
      new Map([
        [5, 10],
        [6, 20],
      ]),
    );
    expect(f.points.map((p) => p.value)).toEqual([13, 12]);
  });

  it('survives a current-value lookup that decodes another frame meanwhile', () => {
    const inner = frame(0x01, '0002 0004 05 0003 0A');
    const lookup = (address: number) => {
      const r = decodeFrame(inner, t);
      return r.ok && address === 2 ? r.frame.points.length * 100 : undefined;
    };
    const f = decodeFrame(frame(0x01, '0002 0001 0001 0004 07'), t, { current: lookup });
    expect(f.ok && f.frame.points.map((p) => p.value)).toEqual([201, 7]);
  });

  it('reads a 4-byte point in one entry, signed', () => {
    expect(decoded(frame(0x01, '0001 0007 FFFFFFFE'), t).points[0]).toMatchObject({
      raw: 'FFFFFFFE',
      rawValue: -2,
      value: -2,
    });
  });
});

describe('decodeFrame: refusals', () => {
  const valid = bytes(EXAMPLE);
  const withCrc = (b: Uint8Array) => {
    const crc = crc16Modbus(b, 0, b.length - 2);
    b[b.length - 2] = crc & 0xff;
    b[b.length - 1] = crc >>> 8;
    return b;
  };
  const patched = (offset: number, value: number) => {
    const b = valid.slice();
    b[offset] = value;
    return withCrc(b);
  };

  it.each<[string, () => Uint8Array, string, number]>([
    ['too short', () => valid.slice(0, 9), 'frame.tooShort', 9],
    ['a wrong head', () => patched(0, 0xab), 'frame.badHead', 0],
    ['another version', () => patched(2, 2), 'frame.unsupportedVersion', 2],
    [
      'a wrong CRC',
      () => {
        const b = valid.slice();
        b[b.length - 1]! ^= 1;
        return b;
      },
      'frame.crcMismatch',
      40,
    ],
    [
      'a changed byte under a good-looking CRC',
      () => {
        const b = valid.slice();
        b[20]! ^= 0x10;
        return b;
      },
      'frame.crcMismatch',
      40,
    ],
    ['an unknown function', () => patched(3, 0x42), 'frame.unknownFunction', 3],
    ['an empty device code', () => patched(6, 0), 'frame.badDeviceCode', 6],
    ['a device code past the end', () => patched(6, 60), 'frame.truncated', 6],
    ['a device code over 64 bytes', () => patched(6, 65), 'frame.badDeviceCode', 6],
    ['a control character in the device code', () => patched(8, 0x0a), 'frame.badDeviceCode', 8],
    ['a count larger than the entries', () => patched(19, 6), 'frame.truncated', 40],
    ['a count smaller than the entries', () => patched(19, 4), 'frame.trailingBytes', 36],
    ['an unknown address', () => patched(21, 0x0f), 'frame.unknownAddress', 20],
    ['a low register alone', () => patched(25, 0x14), 'frame.splitPair', 24],
    ['a high register not followed by its low one', () => patched(29, 0x15), 'frame.splitPair', 28],
    [
      'the same point twice',
      () => withCrc(bytes(EXAMPLE.replace('0028 0007', '000D 0007'))),
      'frame.duplicateAddress',
      36,
    ],
    ['a pair cut after its high register', () => frame(0x01, '0002 0013 0012'), 'frame.truncated', 15],
    ['a pair counted as one entry', () => frame(0x01, '0001 0013 0012 0014 D687'), 'frame.splitPair', 15],
    ['a heartbeat with no body', () => frame(0x02, ''), 'frame.truncated', 9],
    ['a read request with too few addresses', () => frame(0x03, '0002 0001'), 'frame.truncated', 11],
    ['a set reply with no status', () => frame(0x11, ''), 'frame.truncated', 9],
  ])('refuses %s', (_what, make, code, offset) => {
    const r = decodeFrame(make(), table);
    expect(r).toMatchObject({ ok: false, error: { code, offset } });
    expect(!r.ok && r.error.message.length).toBeGreaterThan(10);
  });

  it('refuses point values without a table, and input that is not bytes', () => {
    expect(decodeFrame(valid, null)).toMatchObject({ ok: false, error: { code: 'frame.noTable' } });
    expect(decodeFrame('AA55' as unknown as Uint8Array, table)).toMatchObject({
      ok: false,
      error: { code: 'frame.notBytes' },
    });
    expect(decodeFrame(undefined as unknown as Uint8Array, table)).toMatchObject({
      ok: false,
      error: { code: 'frame.notBytes' },
    });
  });

  it('decodes a frame given as a Node Buffer', () => {
    expect(decodeFrame(Buffer.from(valid), table).ok).toBe(true);
  });
});

describe('decodeFrameValues: the same frame for storage', () => {
  const stored = (b: Uint8Array, t: CompiledTable | null = table) => {
    const full = decodeFrame(b, t);
    const values = decodeFrameValues(b, t);
    return { full, values };
  };

  it("gives each point's address, value and faults as decodeFrame does, and nothing else", () => {
    for (const b of [bytes(EXAMPLE), frame(0x01, '0002 0002 0002 001E 0000'), frame(0x01, '0001 0001 0001')]) {
      const { full, values } = stored(b);
      if (!full.ok || !values.ok) throw new Error('refused');
      expect(values.frame.points).toEqual(
        full.frame.points.map((p) => ({
          address: p.address,
          value: p.value,
          ...(p.faults && !p.error ? { faults: p.faults } : {}),
        })),
      );
      const { points: _full, ...header } = full.frame;
      const { points: _values, ...same } = values.frame;
      expect(same).toEqual(header);
    }
  });

  it('refuses what decodeFrame refuses, with the same error', () => {
    const bad = bytes(EXAMPLE);
    bad[10] = 0;
    const { full, values } = stored(bad);
    expect(values).toEqual(full);
    expect(values.ok).toBe(false);
  });
});

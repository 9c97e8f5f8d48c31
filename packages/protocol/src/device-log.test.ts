import { describe, expect, it } from 'vitest';
import { compileTable } from './compile-table.ts';
import { decodeFrame } from './decode.ts';
import { demoHeatPumpTable } from './demo-table.ts';
import { deviceLogRows, formatPointValue } from './device-log.ts';
import { encodeReport } from './encode.ts';

describe('device log rows', () => {
  const table = demoHeatPumpTable();

  it('gives one row per point with value, unit, enum label, faults and bits', () => {
    const enc = encodeReport(
      'HP2406A0001',
      [
        { address: 2, value: 1 },
        { address: 13, value: -3.5 },
        { address: 30, value: 0x12 },
        { address: 40, value: 0b101 },
      ],
      table,
    );
    if (!enc.ok) throw new Error(enc.error.message);
    const dec = decodeFrame(enc.bytes, table);
    if (!dec.ok) throw new Error(dec.error.message);
    expect(deviceLogRows(dec.frame)).toEqual([
      {
        deviceCode: 'HP2406A0001',
        head: 'AA55',
        crc: dec.frame.crc,
        address: 2,
        content: '模式',
        value: '制冷',
        description: '',
      },
      {
        deviceCode: 'HP2406A0001',
        head: 'AA55',
        crc: dec.frame.crc,
        address: 13,
        content: '环境温度',
        value: '-3.5 °C',
        description: '',
      },
      {
        deviceCode: 'HP2406A0001',
        head: 'AA55',
        crc: dec.frame.crc,
        address: 30,
        content: '故障字1',
        value: '18',
        description: 'E02 (level 3), E05 (level 1)',
      },
      {
        deviceCode: 'HP2406A0001',
        head: 'AA55',
        crc: dec.frame.crc,
        address: 40,
        content: '运行状态',
        value: '5',
        description: 'on: 压缩机, 风机',
      },
    ]);
  });

  it('hides float noise, says when no fault is active, and explains a point without a value', () => {
    expect(
      formatPointValue({ address: 1, code: 'a', name: 'A', raw: '019F', rawValue: 415, value: 415 * 0.1, unit: 'V' }),
    ).toBe('41.5 V');
    const c = compileTable([
      { address: 2, code: 'b', name: 'B', mode: 'R', byteLength: 2, reportFormula: 'x / $3$' },
      { address: 3, code: 'c', name: 'C', mode: 'R', byteLength: 2 },
    ]);
    if (!c.ok) throw new Error(c.errors[0]!.message);
    const enc = encodeReport(
      'D1',
      [
        { address: 2, value: 1 },
        { address: 3, value: 0 },
      ],
      c.table,
    );
    if (!enc.ok) throw new Error(enc.error.message);
    const dec = decodeFrame(enc.bytes, c.table);
    if (!dec.ok) throw new Error(dec.error.message);
    expect(deviceLogRows(dec.frame)[0]).toMatchObject({
      address: 2,
      value: '',
      description: 'Division by zero at position 2',
    });
    const quiet = decodeFrame(
      Uint8Array.of(
        ...(
          encodeReport(
            'D1',
            [
              { address: 30, value: 0 },
              { address: 40, value: 0 },
            ],
            table,
          ) as { bytes: Uint8Array }
        ).bytes,
      ),
      table,
    );
    expect(quiet.ok && deviceLogRows(quiet.frame).map((r) => r.description)).toEqual(['no fault', 'all off']);
  });
});

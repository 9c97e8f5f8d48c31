import { describe, expect, it } from 'vitest';
import { decodeFrame } from './decode.ts';
import { DEMO_HEAT_PUMP_POINTS, DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable } from './demo-table.ts';
import { encodeReport, encodeSetCommand } from './encode.ts';

describe('demo heat pump table', () => {
  const table = demoHeatPumpTable();

  it('has the points of DOMAIN.md at their addresses', () => {
    expect(DEMO_HEAT_PUMP_POINTS.map((p) => `${p.address}:${p.code}:${p.mode}`)).toEqual([
      '1:power:RW',
      '2:mode:RW',
      '3:setHot:RW',
      '4:setHeat:RW',
      '10:tIn:R',
      '11:tOut:R',
      '12:tTank:R',
      '13:tAmb:R',
      '14:tExh:R',
      '16:comp:R',
      '17:eev:R',
      '19:kwh:R',
      '21:maxSet:RW',
      '30:fault1:R',
      '40:run:R',
      '50:swVer:R',
    ]);
    expect(table.byCode.get('kwh')).toMatchObject({ lowPoint: 20, byteLength: 4 });
    expect(table.byCode.get('maxSet')?.def.vendorParam).toBe(true);
    expect(table.byCode.get('swVer')?.def.basicInfo).toBe(true);
    expect(table.byCode.get('fault1')?.faultBits?.map((f) => `${f.faultCode}/${f.level}/${f.bit}`)).toEqual([
      'E01/2/0',
      'E02/3/1',
      'E03/3/2',
      'E04/2/3',
      'E05/1/4',
    ]);
    expect(table.byCode.get('run')?.binaryItems?.map((b) => b.code)).toEqual([
      'compressor',
      'pump',
      'fan',
      'defrost',
      'heater',
    ]);
  });

  it('reports its typical values and decodes them back', () => {
    const values = [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value }));
    const enc = encodeReport('HP2406A0001', values, table);
    if (!enc.ok) throw new Error(enc.error.message);
    const dec = decodeFrame(enc.bytes, table);
    expect(dec.ok && Object.fromEntries(dec.frame.points.map((p) => [p.code, p.value]))).toMatchObject({
      tAmb: -3.5,
      kwh: 12345.67,
      setHot: 55,
      mode: 2,
    });
  });

  it('limits the hot-water setpoint by the current maximum setpoint (point 21)', () => {
    expect(
      encodeSetCommand('HP1', [{ address: 3, value: 65 }], table, { current: DEMO_HEAT_PUMP_VALUES }),
    ).toMatchObject({ ok: false, error: { code: 'encode.aboveRange', max: 60 } });
    expect(encodeSetCommand('HP1', [{ address: 3, value: 60 }], table, { current: DEMO_HEAT_PUMP_VALUES }).ok).toBe(
      true,
    );
  });
});

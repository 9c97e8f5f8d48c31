import { ErrorCode, decodeFrameCall, type FrameDecodeAnswer } from '@dcc/contract';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport, encodeReadRequest, toHex } from '@dcc/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { demoVersionId, newProtocol, useCatalogApp } from '../../../test/catalog-setup.ts';

const env = useCatalogApp();
let versionId = '';

beforeAll(async () => {
  versionId = await demoVersionId(env.t.db);
});

function reportHex(values: [number, number][]): string {
  const encoded = encodeReport(
    'HP2024000123',
    values.map(([address, value]) => ({ address, value })),
    demoHeatPumpTable(),
    { seq: 7 },
  );
  if (!encoded.ok) throw new Error(encoded.error.message);
  return toHex(encoded.bytes);
}

const decode = (hex: string, language = 'en_US', as = env.reader) =>
  call<FrameDecodeAnswer>(env.t.app, decodeFrameCall, { versionId, hex }, { ...as, language });

describe('frame decoding', () => {
  it('decodes a report built by the protocol engine, point by point, in the caller language', async () => {
    const hex = reportHex([
      [1, 1],
      [2, 2],
      [13, -3.5],
      [19, 12345.67],
      [30, 0b110],
      [40, 0b101],
    ]);
    const spaced = hex.replace(/(..)/g, '$1 ');
    const answer = (await decode(spaced)).body.objectResult!;
    expect(answer).toMatchObject({ ok: true, error: '', errorCode: '' });
    expect(answer.frame).toMatchObject({
      head: 'AA55',
      protocolVersion: 1,
      functionCode: '01',
      functionName: 'Report',
      sequence: 7,
      deviceCode: 'HP2024000123',
      crcOk: true,
      byteCount: hex.length / 2,
    });
    expect(answer.frame!.crc).toBe(answer.frame!.crcExpected);
    const rows = new Map(answer.rows.map((r) => [r.pointCode, r]));
    expect(rows.get('power')).toMatchObject({ address: 1, pointName: 'On/off', value: 1, display: 'On', error: false });
    expect(rows.get('tAmb')).toMatchObject({ value: -3.5, display: '-3.5 °C', raw: 'FFDD' });
    expect(rows.get('kwh')).toMatchObject({ value: 12345.67, unit: 'kWh' });
    expect(rows.get('fault1')).toMatchObject({
      faults: [
        { faultCode: 'E02', level: 3 },
        { faultCode: 'E03', level: 3 },
      ],
      description: 'E02 (level 3), E03 (level 3)',
    });
    expect(rows.get('run')!.description).toBe('on: Compressor, Fan');
    const zh = (await decode(hex, 'zh_CN')).body.objectResult!;
    expect(zh.frame!.functionName).toBe('上报');
    expect(zh.rows.find((r) => r.pointCode === 'power')).toMatchObject({ pointName: '开关机', display: '开机' });
    expect(zh.rows.find((r) => r.pointCode === 'fault1')!.description).toBe('E02（3 级）, E03（3 级）');
    expect(zh.rows.find((r) => r.pointCode === 'run')!.description).toBe('开启：压缩机, 风机');
  });

  it('decodes every demo reading back to its value', async () => {
    const answer = (await decode(reportHex([...DEMO_HEAT_PUMP_VALUES]))).body.objectResult!;
    expect(answer.rows).toHaveLength(DEMO_HEAT_PUMP_VALUES.size);
    for (const row of answer.rows) {
      expect(row.error).toBe(false);
      expect(row.value).toBeCloseTo(DEMO_HEAT_PUMP_VALUES.get(row.address)!, 6);
    }
  });

  it('answers a frame with a bad CRC as not decoded, with both CRCs, never as a call error', async () => {
    const hex = reportHex([[1, 1]]);
    const broken = hex.slice(0, -4) + (hex.slice(-4) === '0000' ? '0101' : '0000');
    const answer = (await decode(broken)).body;
    expect(answer.error_code).toBe(0);
    const result = answer.objectResult!;
    expect(result).toMatchObject({ ok: false, errorCode: 'frame.crcMismatch', rows: [] });
    expect(result.frame).toMatchObject({
      crcOk: false,
      crc: broken.slice(-2) + broken.slice(-4, -2),
      crcExpected: hex.slice(-2) + hex.slice(-4, -2),
      deviceCode: 'HP2024000123',
    });
    expect(result.error).toBe(
      `The CRC does not match: the frame says ${result.frame!.crc}, its bytes give ${result.frame!.crcExpected}`,
    );
    const zh = (await decode(broken, 'zh_CN')).body.objectResult!;
    expect(zh.error).toContain('CRC 校验不一致');
  });

  it('answers frames that are not hex, too short or foreign to the table, in both languages', async () => {
    expect((await decode('AA55 0G')).body.objectResult).toMatchObject({
      ok: false,
      errorCode: 'frame.notHex',
      frame: null,
    });
    expect((await decode('AA5501', 'zh_CN')).body.objectResult).toMatchObject({
      ok: false,
      errorCode: 'frame.tooShort',
      error: '报文至少 10 个字节，此报文只有 3 个',
    });
    const empty = await newProtocol(env);
    const foreign = await call<FrameDecodeAnswer>(
      env.t.app,
      decodeFrameCall,
      { versionId: empty.versionId, hex: reportHex([[1, 1]]) },
      env.maker,
    );
    expect(foreign.body.objectResult).toMatchObject({ ok: false, errorCode: 'frame.unknownAddress' });
    const read = encodeReadRequest('HP1', [1, 30]);
    if (!read.ok) throw new Error('read request');
    const request = (await decode(toHex(read.bytes))).body.objectResult!;
    expect(request).toMatchObject({ ok: true, frame: { functionName: 'Read request' } });
    expect(request.rows.map((r) => [r.address, r.pointCode, r.value])).toEqual([
      [1, 'power', null],
      [30, 'fault1', null],
    ]);
  });

  it('refuses an unknown version and bad input as call errors', async () => {
    expect(
      (await call(env.t.app, decodeFrameCall, { versionId: '987654', hex: 'AA55' }, env.maker)).body.error_code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await call(env.t.app, decodeFrameCall, { versionId, hex: '' }, env.maker)).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });
});

import { ErrorCode } from '@dcc/contract';
import { compileTable, DEMO_HEAT_PUMP_POINTS, encodeSetCommand, type CompiledTable } from '@dcc/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { checkPoints, refuseEncoding } from './value-rules.ts';

/** The demo table with a write-only point (a reset command register) added. */
function tableWithWritePoint(): CompiledTable {
  const compiled = compileTable([
    ...DEMO_HEAT_PUMP_POINTS,
    { address: 60, code: 'reset', name: '复位', enName: 'Reset', mode: 'W', byteLength: 2, dataType: 'unsigned' },
  ]);
  if (!compiled.ok) throw new Error('table does not compile');
  return compiled.table;
}

const refusal = (work: () => void) => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, params: error.params };
    throw error;
  }
  return null;
};

describe('checkPoints', () => {
  const table = tableWithWritePoint();

  it('sets only RW points: R and W are refused (the issue: only RW points)', () => {
    expect(refusal(() => checkPoints([{ address: 60, value: 1 }], table, { vendorParams: false }, 'en-US'))).toEqual({
      code: ErrorCode.POINT_NOT_WRITABLE,
      params: { point: 'Reset (60)' },
    });
    expect(refusal(() => checkPoints([{ address: 13, value: 1 }], table, { vendorParams: false }, 'zh-CN'))).toEqual({
      code: ErrorCode.POINT_NOT_WRITABLE,
      params: { point: '环境温度 (13)' },
    });
    expect(
      refusal(() =>
        checkPoints(
          [
            { address: 4, value: 40 },
            { address: 1, value: 1 },
          ],
          table,
          { vendorParams: false },
          'en-US',
        ),
      ),
    ).toBeNull();
  });

  it('refuses unknown and repeated points, and vendor parameters without their button', () => {
    expect(refusal(() => checkPoints([{ address: 5, value: 1 }], table, { vendorParams: false }, 'en-US'))?.code).toBe(
      ErrorCode.POINT_UNKNOWN,
    );
    expect(
      refusal(() =>
        checkPoints(
          [
            { address: 4, value: 40 },
            { address: 4, value: 41 },
          ],
          table,
          { vendorParams: false },
          'en-US',
        ),
      )?.code,
    ).toBe(ErrorCode.POINT_DUPLICATE);
    expect(
      refusal(() => checkPoints([{ address: 21, value: 70 }], table, { vendorParams: false }, 'en-US'))?.code,
    ).toBe(ErrorCode.POINT_VENDOR_PARAM);
    expect(refusal(() => checkPoints([{ address: 21, value: 70 }], table, { vendorParams: true }, 'en-US'))).toBeNull();
  });
});

describe('refuseEncoding', () => {
  const table = tableWithWritePoint();

  it("names the point a range refers to from the encoder's data, not its message text", () => {
    // setHot (3) ranges up to maxSet (21), a vendor parameter, whose value the device has not reported.
    const values = [{ address: 3, value: 50 }];
    const encoded = encodeSetCommand('D1', values, table);
    if (encoded.ok) throw new Error('encoded without the referenced value');
    const error = { ...encoded.error, message: 'reworded' };
    expect(refusal(() => refuseEncoding(error, values, table, { vendorParams: true }, 'en-US'))).toEqual({
      code: ErrorCode.RANGE_REFERENCE_UNKNOWN,
      params: { point: 'Hot-water setpoint (3)', reference: 21 },
    });
    expect(refusal(() => refuseEncoding(error, values, table, { vendorParams: false }, 'en-US'))).toEqual({
      code: ErrorCode.FACTORY_RANGE_UNKNOWN,
      params: { point: 'Hot-water setpoint (3)' },
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTable } from './compile-table.ts';
import { DEMO_HEAT_PUMP_POINTS } from './demo-table.ts';
import type { PointDef } from './points.ts';

const base = (over: Partial<PointDef> = {}): PointDef => ({
  address: 1,
  code: 'p1',
  name: 'P1',
  mode: 'RW',
  byteLength: 2,
  dataType: 'unsigned',
  ...over,
});

function errorsOf(points: PointDef[]) {
  const c = compileTable(points);
  if (c.ok) throw new Error('expected the table to be refused');
  return c.errors;
}

describe('compileTable', () => {
  it('compiles the demo table and indexes points, codes and registers', () => {
    const c = compileTable(DEMO_HEAT_PUMP_POINTS);
    if (!c.ok) throw new Error(c.errors[0]!.message);
    expect(c.table.points).toHaveLength(DEMO_HEAT_PUMP_POINTS.length);
    expect(c.table.byCode.get('kwh')?.address).toBe(19);
    expect(c.table.registers[19]).toMatchObject({ part: 'high', width: 2 });
    expect(c.table.registers[20]).toMatchObject({ part: 'low', width: 2 });
    expect(c.table.registers[20]?.point.code).toBe('kwh');
    expect(c.table.registers[15]).toBeUndefined();
    expect(c.table.byAddress.get(21)?.writable).toBe(true);
    expect(c.table.byAddress.get(10)?.writable).toBe(false);
  });

  it('refuses duplicate addresses and codes, naming both points', () => {
    const errors = errorsOf([base(), base({ code: 'p2' }), base({ address: 2 })]);
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'table.duplicateAddress',
        field: 'address',
        index: 1,
        address: 1,
        pointCode: 'p2',
      }),
      expect.objectContaining({ code: 'table.duplicateCode', field: 'code', index: 2, address: 2, pointCode: 'p1' }),
    ]);
    expect(errors[0]!.message).toBe('Point 1 (p2): address 1 is also point 1 (p1)');
  });

  it('refuses a value range referencing a missing point, and a range that does not parse', () => {
    expect(errorsOf([base({ valueRange: '30..$20$' })])).toEqual([
      expect.objectContaining({
        code: 'table.missingReference',
        field: 'valueRange',
        address: 1,
        reference: 20,
        message: 'Point 1 (p1): valueRange references point $20$, which is not in the table',
      }),
    ]);
    expect(errorsOf([base({ valueRange: '30-40' })])).toEqual([
      expect.objectContaining({ code: 'table.badRange', field: 'valueRange' }),
    ]);
  });

  it('refuses a formula that does not parse, with the formula error attached', () => {
    const [e] = errorsOf([base({ reportFormula: 'x / ' }), base({ address: 2, code: 'p2', sendFormula: 'x * 10' })]);
    expect(e).toMatchObject({
      code: 'table.badFormula',
      field: 'reportFormula',
      index: 0,
      formulaError: { code: 'formula.unexpectedEnd', position: 4 },
    });
    expect(errorsOf([base({ sendFormula: 'x + $9$' })])[0]).toMatchObject({
      code: 'table.missingReference',
      field: 'sendFormula',
    });
  });

  it('refuses high/low pairs that do not match', () => {
    const pair = (over: Partial<PointDef>) =>
      base({ address: 19, code: 'kwh', byteLength: 4, highLow: true, highPoint: 19, lowPoint: 20, ...over });
    expect(errorsOf([pair({ byteLength: 2 })])[0]).toMatchObject({
      code: 'table.highLowMismatch',
      field: 'byteLength',
    });
    expect(errorsOf([pair({ highPoint: 18 })])[0]).toMatchObject({ code: 'table.highLowMismatch', field: 'highPoint' });
    expect(errorsOf([pair({ lowPoint: 19 })])[0]).toMatchObject({ code: 'table.highLowMismatch', field: 'lowPoint' });
    expect(errorsOf([pair({ lowPoint: undefined })])[0]).toMatchObject({
      code: 'table.highLowMismatch',
      field: 'lowPoint',
    });
    expect(errorsOf([pair({}), base({ address: 20, code: 'x20' })])[0]).toMatchObject({
      code: 'table.highLowMismatch',
      field: 'lowPoint',
      message: 'Point 19 (kwh): low point 20 is the address of point 20 (x20)',
    });
    expect(errorsOf([pair({}), pair({ address: 21, code: 'k2', highPoint: 21 })])[0]).toMatchObject({
      code: 'table.highLowMismatch',
      index: 1,
    });
    expect(compileTable([pair({})]).ok).toBe(true);
  });

  it('refuses unknown data types and data types whose rules do not parse', () => {
    expect(errorsOf([base({ dataType: 'float' })])[0]).toMatchObject({
      code: 'table.unknownDataType',
      field: 'dataType',
    });
    const c = compileTable(
      [base({ dataType: 'broken' }), base({ address: 2, code: 'p2', dataType: 'broken' })],
      [{ name: 'broken', reportRule: 'x /* 2', sendRule: '', signed: false, sortOrder: 1 }],
    );
    expect(!c.ok && c.errors).toEqual([
      expect.objectContaining({ code: 'table.badDataType', dataType: 'broken', field: 'reportRule' }),
    ]);
  });

  it.each<[string, Partial<PointDef>, string, string]>([
    ['address out of range', { address: 70000 }, 'table.badAddress', 'address'],
    ['fractional address', { address: 1.5 }, 'table.badAddress', 'address'],
    ['empty code', { code: ' ' }, 'table.badCode', 'code'],
    ['bad mode', { mode: 'X' as 'R' }, 'table.badMode', 'mode'],
    ['byte length 3', { byteLength: 3 as 2 }, 'table.badByteLength', 'byteLength'],
    ['default not a number', { defaultValue: NaN }, 'table.badDefault', 'defaultValue'],
    ['empty enum label', { enumItems: [{ value: 0, label: '' }] }, 'table.badEnumItem', 'enumItems'],
    [
      'duplicate enum value',
      {
        enumItems: [
          { value: 0, label: 'a' },
          { value: 0, label: 'b' },
        ],
      },
      'table.badEnumItem',
      'enumItems',
    ],
    [
      'bit past the byte length',
      { byteLength: 1, binaryItems: [{ bit: 8, code: 'b', content: 'B' }] },
      'table.badBinaryItem',
      'binaryItems',
    ],
    [
      'bit named twice',
      {
        binaryItems: [
          { bit: 1, code: 'a', content: '' },
          { bit: 1, code: 'b', content: '' },
        ],
      },
      'table.badBinaryItem',
      'binaryItems',
    ],
    [
      'fault level 4',
      { faultType: true, faultDefinitions: [{ faultCode: 'E01', level: 4 as 3, bit: 0 }] },
      'table.badFaultDefinition',
      'faultDefinitions',
    ],
    [
      'fault with bit and value',
      { faultType: true, faultDefinitions: [{ faultCode: 'E01', level: 1, bit: 0, value: 1 }] },
      'table.badFaultDefinition',
      'faultDefinitions',
    ],
    [
      'fault with neither',
      { faultType: true, faultDefinitions: [{ faultCode: 'E01', level: 1 }] },
      'table.badFaultDefinition',
      'faultDefinitions',
    ],
    [
      'fault code twice',
      {
        faultType: true,
        faultDefinitions: [
          { faultCode: 'E01', level: 1, bit: 0 },
          { faultCode: 'E01', level: 1, bit: 1 },
        ],
      },
      'table.badFaultDefinition',
      'faultDefinitions',
    ],
    [
      'faults without the flag',
      { faultDefinitions: [{ faultCode: 'E01', level: 1, bit: 0 }] },
      'table.badFaultDefinition',
      'faultType',
    ],
  ])('refuses %s', (_what, over, code, field) => {
    const errors = errorsOf([base(over)]);
    expect(errors[0]).toMatchObject({ code, field, index: 0 });
    expect(errors[0]!.message).toMatch(/^Point /);
  });

  it('collects every problem of the table, not only the first', () => {
    const errors = errorsOf([
      base({ reportFormula: '(' }),
      base({ address: 2, code: 'p2', valueRange: '1..$99$' }),
      base({ address: 3, code: 'p3', dataType: 'nope' }),
    ]);
    expect(errors.map((e) => [e.code, e.index])).toEqual([
      ['table.badFormula', 0],
      ['table.missingReference', 1],
      ['table.unknownDataType', 2],
    ]);
  });

  it('refuses something that is not a list', () => {
    expect(compileTable(null as unknown as PointDef[])).toMatchObject({
      ok: false,
      errors: [{ code: 'table.notAList' }],
    });
  });

  it('never throws on malformed tables (as they may come from a database or a spreadsheet)', () => {
    const field = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer({ min: -5, max: 70000 }),
      fc.string({ maxLength: 8 }),
      fc.boolean(),
      fc.anything(),
    );
    const point = fc.record(
      {
        address: fc.oneof(fc.integer({ min: 0, max: 6 }), field),
        code: fc.oneof(fc.constantFrom('a', 'b', 'c'), field),
        name: field,
        mode: fc.oneof(fc.constantFrom('R', 'W', 'RW'), field),
        byteLength: fc.oneof(fc.constantFrom(1, 2, 4), field),
        highLow: field,
        highPoint: field,
        lowPoint: field,
        dataType: fc.oneof(fc.constantFrom('signed x0.1', 'unsigned'), field),
        reportFormula: fc.oneof(fc.constantFrom('x / 10', '$1$ + x', 'x +'), field),
        sendFormula: field,
        valueRange: fc.oneof(fc.constantFrom('0..$2$', '1..5'), field),
        faultType: field,
        enumItems: fc.oneof(
          field,
          fc.array(fc.oneof(fc.record({ value: field, label: field }), field), { maxLength: 3 }),
        ),
        binaryItems: fc.oneof(
          field,
          fc.array(fc.oneof(fc.record({ bit: field, code: field, content: field }), field), { maxLength: 3 }),
        ),
        faultDefinitions: fc.oneof(
          field,
          fc.array(fc.oneof(fc.record({ faultCode: field, level: field, bit: field, value: field }), field), {
            maxLength: 3,
          }),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.oneof(point, fc.anything()), { maxLength: 6 }), fc.anything()), (points) => {
        const c = compileTable(points as PointDef[]);
        if (!c.ok) for (const e of c.errors) expect(e.code).toMatch(/^table\./);
      }),
      { numRuns: 3000 },
    );
  });
});

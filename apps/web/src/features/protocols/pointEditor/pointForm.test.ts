import { describe, expect, it } from 'vitest';
import { pointFields, type ProtocolPoint } from '@dcc/contract';
import { NEW_POINT, pointProblems, toFormValues, toPointFields, type PointFormValues } from './pointForm.ts';

const valid: PointFormValues = {
  ...NEW_POINT,
  address: 12,
  pointCode: 'water_temp',
  pointName: '出水温度',
  unit: '°C',
};

describe('the point editor form', () => {
  it('sends a filled new point that the contract accepts', () => {
    expect(pointProblems(valid)).toEqual([]);
    expect(pointFields.parse(toPointFields(valid))).toMatchObject({
      address: 12,
      pointCode: 'water_temp',
      highPoint: null,
      lowPoint: null,
      enumItems: [],
    });
  });

  it('names the empty address, code and name with the contract messages', () => {
    const problems = pointProblems(NEW_POINT);
    expect(problems).toContainEqual({ name: ['address'], message: 'catalog.validation.address' });
    expect(problems).toContainEqual({ name: ['pointCode'], message: 'catalog.validation.pointCode' });
    expect(problems).toContainEqual({ name: ['pointName'], message: 'catalog.validation.pointName' });
  });

  it('needs at least one enum item with a definition for an enum point, and places item problems on their row', () => {
    expect(pointProblems({ ...valid, valueKind: 'enum' })).toEqual([
      { name: ['enumItems'], message: 'catalog.validation.enumEmpty' },
    ]);
    const items = [
      { value: 0, label: '关', enLabel: 'Off', description: '' },
      { value: 1, label: ' ', enLabel: '', description: '' },
    ];
    expect(pointProblems({ ...valid, valueKind: 'enum', enumItems: items })).toEqual([
      { name: ['enumItems', 1, 'label'], message: 'catalog.validation.enumLabel' },
    ]);
    expect(
      pointProblems({
        ...valid,
        valueKind: 'enum',
        enumItems: [{ value: null, label: 'x', enLabel: '', description: '' }],
      }),
    ).toEqual([{ name: ['enumItems', 0, 'value'], message: 'catalog.validation.enumValue' }]);
  });

  it('drops items of a kind the point does not use', () => {
    const binary = {
      ...valid,
      valueKind: 'binary' as const,
      binaryItems: [{ bit: 3, code: 'pump', content: 'Pump on', enContent: '' }],
      enumItems: [{ value: 1, label: 'x', enLabel: '', description: '' }],
    };
    expect(toPointFields(binary)).toMatchObject({
      enumItems: [],
      binaryItems: [{ bit: 3, code: 'pump', content: 'Pump on' }],
    });
    expect(toPointFields({ ...binary, valueKind: 'number' })).toMatchObject({ enumItems: [], binaryItems: [] });
  });

  it('needs fault definitions on a fault-type point, each with a bit or a value', () => {
    expect(pointProblems({ ...valid, faultType: true })).toEqual([
      { name: ['faultDefinitions'], message: 'catalog.validation.faultEmpty' },
    ]);
    const fault = { faultCode: 'E01', level: 2 as const, bit: null, value: null, description: '', enDescription: '' };
    expect(pointProblems({ ...valid, faultType: true, faultDefinitions: [fault] })).toEqual([
      { name: ['faultDefinitions', 0, 'bit'], message: 'catalog.validation.faultBitOrValue' },
    ]);
    expect(pointProblems({ ...valid, faultType: true, faultDefinitions: [{ ...fault, bit: 4 }] })).toEqual([]);
    expect(
      toPointFields({ ...valid, faultType: false, faultDefinitions: [{ ...fault, bit: 4 }] }).faultDefinitions,
    ).toEqual([]);
  });

  it('gives a high/low point its own address as the high point', () => {
    expect(toPointFields({ ...valid, highLow: true, byteLength: 4, lowPoint: 13 })).toMatchObject({
      highPoint: 12,
      lowPoint: 13,
    });
    expect(toPointFields({ ...valid, highLow: false, lowPoint: 13 })).toMatchObject({
      highPoint: null,
      lowPoint: null,
    });
  });

  it('reads a stored point back into the same fields', () => {
    const stored: ProtocolPoint = {
      ...(pointFields.parse(
        toPointFields({
          ...valid,
          valueKind: 'enum',
          enumItems: [{ value: 0, label: '关', enLabel: 'Off', description: '' }],
        }),
      ) as Omit<ProtocolPoint, 'pointId' | 'versionId' | 'dataTypeName' | 'modifier' | 'createTime' | 'updateTime'>),
      pointId: '5',
      versionId: '2',
      dataTypeName: '',
      modifier: 'admin',
      createTime: '2026-01-01T00:00:00Z',
      updateTime: '2026-01-01T00:00:00Z',
    };
    expect(toPointFields(toFormValues(stored))).toEqual(
      toPointFields({
        ...valid,
        valueKind: 'enum',
        enumItems: [{ value: 0, label: '关', enLabel: 'Off', description: '' }],
      }),
    );
  });

  it('mirrors the protocol engine: unique enum values, bits, fault codes; bits within the register; high/low pairs', () => {
    const enumItems = [
      { value: 1, label: 'a', enLabel: '', description: '' },
      { value: 1, label: 'b', enLabel: '', description: '' },
    ];
    expect(pointProblems({ ...valid, valueKind: 'enum', enumItems })).toEqual([
      { name: ['enumItems', 1, 'value'], message: 'points.enumValueTwice' },
    ]);
    const binaryItems = [
      { bit: 7, code: 'a', content: 'A', enContent: '' },
      { bit: 9, code: 'b', content: 'B', enContent: '' },
    ];
    expect(pointProblems({ ...valid, byteLength: 1, valueKind: 'binary', binaryItems })).toEqual([
      { name: ['binaryItems', 1, 'bit'], message: 'points.bitTooHigh', params: { max: 7 } },
    ]);
    expect(pointProblems({ ...valid, byteLength: 2, valueKind: 'binary', binaryItems })).toEqual([]);
    const faults = [
      { faultCode: 'E01', level: 1 as const, bit: 0, value: 3, description: '', enDescription: '' },
      { faultCode: 'E01', level: 1 as const, bit: null, value: 4, description: '', enDescription: '' },
    ];
    expect(pointProblems({ ...valid, faultType: true, faultDefinitions: faults })).toEqual([
      { name: ['faultDefinitions', 0, 'bit'], message: 'points.faultBitAndValue' },
      { name: ['faultDefinitions', 1, 'faultCode'], message: 'points.faultCodeTwice' },
    ]);
    expect(pointProblems({ ...valid, highLow: true, byteLength: 2, lowPoint: 12 })).toEqual([
      { name: ['byteLength'], message: 'points.highLowByteLength' },
      { name: ['lowPoint'], message: 'points.lowPointInvalid' },
    ]);
    expect(pointProblems({ ...valid, highLow: true, byteLength: 4, lowPoint: 13 })).toEqual([]);
  });
});

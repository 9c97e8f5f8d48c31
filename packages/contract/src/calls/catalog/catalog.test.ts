import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addDataType } from './data-types.ts';
import { addPoint } from './points.ts';
import { addProduct, messageTypeOf } from './products.ts';
import { addSeries } from './series.ts';
import { saveThingModelDraft } from './thing-model.ts';

/** The field paths and message keys a schema refuses an input with. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

const goodPoint = {
  address: 3,
  pointCode: 'setHot',
  pointName: 'Hot-water setpoint',
  mode: 'RW',
  byteLength: 2,
  valueRange: '30..$21$',
};
const goodProduct = {
  productName: 'HeatPump_A200',
  seriesId: '1',
  networkMethod: 'cellular',
  nodeType: 'direct',
  dataFormat: 'custom',
  protocolId: '7',
};

describe('catalog contract', () => {
  it.each([
    ['Pump', []],
    ['Pum', ['seriesName:validation.productName.format']],
    ['热泵', []],
    ['热', ['seriesName:validation.productName.format']],
    ['Heat pump', ['seriesName:validation.productName.format']],
    ['A'.repeat(30), []],
    ['A'.repeat(31), ['seriesName:validation.productName.format']],
    ['空'.repeat(15), []],
    ['空'.repeat(16), ['seriesName:validation.productName.format']],
  ])('series name %j -> %j', (seriesName, expected) => {
    expect(problems(addSeries.request, { seriesName })).toEqual(expected);
  });

  it('takes a data type with blank rules as the identity and refuses a sort order out of range', () => {
    expect(problems(addDataType.request, { dataTypeName: 'raw', signed: false, sortOrder: 1 })).toEqual([]);
    expect(problems(addDataType.request, { dataTypeName: 'raw', signed: false, sortOrder: -1 })).toEqual([
      'sortOrder:catalog.validation.sortOrder',
    ]);
    expect(problems(addDataType.request, { dataTypeName: '', signed: false, sortOrder: 1 })).toEqual([
      'dataTypeName:catalog.validation.dataTypeName',
    ]);
  });

  it('ties the associated protocol to the data format', () => {
    expect(problems(addProduct.request, goodProduct)).toEqual([]);
    expect(problems(addProduct.request, { ...goodProduct, protocolId: '' })).toEqual([
      'protocolId:catalog.validation.protocolForFormat',
    ]);
    expect(problems(addProduct.request, { ...goodProduct, dataFormat: 'alink' })).toEqual([
      'protocolId:catalog.validation.protocolForFormat',
    ]);
    expect(problems(addProduct.request, { ...goodProduct, dataFormat: 'alink', protocolId: '' })).toEqual([]);
    expect(messageTypeOf('custom')).toBe('pm');
    expect(messageTypeOf('alink')).toBe('tm');
  });

  it.each([
    [{}, []],
    [{ valueKind: 'enum' }, ['point.enumItems:catalog.validation.enumEmpty']],
    [
      { valueKind: 'enum', enumItems: [{ value: 0, label: ' ' }] },
      ['point.enumItems.0.label:catalog.validation.enumLabel'],
    ],
    [{ valueKind: 'enum', enumItems: [{ value: 0, label: 'Off' }] }, []],
    [{ valueKind: 'binary' }, ['point.binaryItems:catalog.validation.binaryEmpty']],
    [{ faultType: true }, ['point.faultDefinitions:catalog.validation.faultEmpty']],
    [
      { faultType: true, faultDefinitions: [{ faultCode: 'E01', level: 2 }] },
      ['point.faultDefinitions.0.bit:catalog.validation.faultBitOrValue'],
    ],
    [
      { faultType: true, faultDefinitions: [{ faultCode: 'E01', level: 4, bit: 0 }] },
      ['point.faultDefinitions.0.level:catalog.validation.faultLevel'],
    ],
    [{ byteLength: 3 }, ['point.byteLength:catalog.validation.byteLength']],
    [{ address: 65536 }, ['point.address:catalog.validation.address']],
    [{ pointCode: '1abc' }, ['point.pointCode:catalog.validation.pointCode']],
    [{ mode: 'X' }, ['point.mode:catalog.validation.mode']],
  ])('point %j -> %j', (change, expected) => {
    expect(problems(addPoint.request, { versionId: '1', point: { ...goodPoint, ...change } })).toEqual(expected);
  });

  it('refuses thing models with repeated identifiers or an enum without values', () => {
    const property = { identifier: 'temp', name: 'Temperature', accessMode: 'r', dataType: { type: 'float' } };
    expect(
      problems(saveThingModelDraft.request, { productId: '1', version: 1, model: { properties: [property] } }),
    ).toEqual([]);
    expect(
      problems(saveThingModelDraft.request, {
        productId: '1',
        version: 1,
        model: { properties: [property, property] },
      }),
    ).toEqual(['model.properties:catalog.validation.identifierTaken']);
    expect(
      problems(saveThingModelDraft.request, {
        productId: '1',
        version: 1,
        model: { properties: [{ ...property, dataType: { type: 'enum' } }] },
      }),
    ).toEqual(['model.properties.0.dataType.values:catalog.validation.enumEmpty']);
    expect(
      problems(saveThingModelDraft.request, {
        productId: '1',
        version: 1,
        model: { properties: [{ ...property, identifier: '9x' }] },
      }),
    ).toEqual(['model.properties.0.identifier:catalog.validation.identifier']);
  });

  it.each([
    [{ version: 3 }, []],
    [{}, ['version:validation.recordVersion.required']],
    [{ version: 0 }, ['version:validation.recordVersion.required']],
    [{ version: 1.5 }, ['version:validation.recordVersion.required']],
    [{ version: '2' }, ['version:validation.recordVersion.required']],
  ])('an edit carries the record version it read: %j -> %j', (change, expected) => {
    expect(problems(saveThingModelDraft.request, { productId: '1', model: {}, ...change })).toEqual(expected);
  });
});

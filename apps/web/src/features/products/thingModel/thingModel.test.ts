import { describe, expect, it } from 'vitest';
import { thingModel } from '@dcc/contract';
import { parseItem, NEW_ITEM } from './items.ts';
import { modelFileName, parseModelFile } from './modelFile.ts';

const MODEL = {
  properties: [
    {
      identifier: 'waterTemp',
      name: '出水温度',
      accessMode: 'r',
      required: true,
      description: '',
      dataType: { type: 'float', min: -20, max: 80, step: 0.1, unit: '°C', values: [], length: null },
    },
    {
      identifier: 'mode',
      name: '模式',
      accessMode: 'rw',
      required: false,
      description: '',
      dataType: {
        type: 'enum',
        min: null,
        max: null,
        step: null,
        unit: '',
        values: [
          { value: 0, label: '制冷' },
          { value: 1, label: '制热' },
        ],
        length: null,
      },
    },
  ],
  events: [
    {
      identifier: 'fault',
      name: '故障',
      type: 'error',
      description: '',
      outputData: [{ identifier: 'code', name: '故障码', dataType: { type: 'int' } }],
    },
  ],
  services: [],
};

describe('thing model import file', () => {
  it('reads an exported document back as the same model', () => {
    const exported = JSON.stringify(thingModel.parse(MODEL), null, 2);
    const read = parseModelFile(exported);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.model).toEqual(thingModel.parse(MODEL));
  });

  it('refuses text that is not JSON', () => {
    expect(parseModelFile('{ "properties": [')).toEqual({ ok: false, reason: 'notJson' });
  });

  it('refuses a document that breaks a rule, naming where and with the contract message', () => {
    const bad = { ...MODEL, properties: [{ ...MODEL.properties[0], identifier: '1bad' }] };
    const read = parseModelFile(JSON.stringify(bad));
    expect(read.ok).toBe(false);
    if (!read.ok && read.reason === 'invalid') {
      expect(read.path).toBe('properties.0.identifier');
      expect(read.issue?.message).toBe('catalog.validation.identifier');
    }
  });

  it('refuses two properties with one identifier', () => {
    const twice = { ...MODEL, properties: [MODEL.properties[0], MODEL.properties[0]] };
    const read = parseModelFile(JSON.stringify(twice));
    expect(read.ok || read.reason !== 'invalid' ? null : read.issue?.message).toBe(
      'catalog.validation.identifierTaken',
    );
  });

  it('names the export after the product', () => {
    expect(modelFileName('热泵_R32')).toBe('热泵_R32-thing-model.json');
  });
});

describe('thing model item dialog', () => {
  it('accepts a new property once identifier and name are filled, keeping only the parts its type uses', () => {
    const parsed = parseItem('properties', {
      ...NEW_ITEM.properties,
      identifier: 'power',
      name: '功率',
      dataType: { type: 'text', min: 3, length: 64 },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      identifier: 'power',
      dataType: { type: 'text', min: null, length: 64, values: [] },
    });
  });

  it('places problems on the form fields (the schema paths)', () => {
    const parsed = parseItem('properties', {
      ...NEW_ITEM.properties,
      identifier: 'x',
      name: '',
      dataType: { type: 'int', min: 10, max: 1 },
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toContainEqual(['name', 'catalog.validation.itemName']);
    expect(issues).toContainEqual(['dataType.max', 'catalog.validation.minMax']);
  });

  it('needs at least one value for an enum', () => {
    const parsed = parseItem('properties', {
      ...NEW_ITEM.properties,
      identifier: 'mode',
      name: '模式',
      dataType: { type: 'enum', values: [] },
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('catalog.validation.enumEmpty');
  });

  it('checks event and service parameters', () => {
    const event = parseItem('events', {
      ...NEW_ITEM.events,
      identifier: 'alarm',
      name: '报警',
      outputData: [{ identifier: 'code', name: '代码', dataType: { type: 'int' } }],
    });
    expect(event.success).toBe(true);
    const service = parseItem('services', {
      ...NEW_ITEM.services,
      identifier: 'reset',
      name: '复位',
      inputData: [{ identifier: '', name: '参数', dataType: { type: 'bool' } }],
    });
    expect(service.error?.issues[0]?.path).toEqual(['inputData', 0, 'identifier']);
  });

  it('keeps the English names, labels and description typed beside the Chinese ones', () => {
    const property = parseItem('properties', {
      ...NEW_ITEM.properties,
      identifier: 'mode',
      name: '模式',
      enName: 'Mode',
      description: '工作模式',
      enDescription: 'Work mode',
      dataType: { type: 'enum', values: [{ value: 0, label: '节能', enLabel: 'Eco' }] },
    });
    expect(property.data).toMatchObject({
      enName: 'Mode',
      enDescription: 'Work mode',
      dataType: { values: [{ value: 0, label: '节能', enLabel: 'Eco' }] },
    });
    const event = parseItem('events', {
      ...NEW_ITEM.events,
      identifier: 'alarm',
      name: '报警',
      outputData: [{ identifier: 'code', name: '代码', enName: 'Code', dataType: { type: 'int' } }],
    });
    expect(event.data).toMatchObject({ outputData: [{ enName: 'Code' }] });
  });
});

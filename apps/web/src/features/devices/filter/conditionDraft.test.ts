import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { deviceListQuery, LOCALES, translate } from '@dcc/contract';
import { cityLevel, conditionProblem, draftOf, filterOf, toCondition, type ConditionDraft } from './conditionDraft.ts';

/** Every rule of console-spec section 5 for the filter builder, as the console finds it with the contract's schemas, in both languages. */
const RULES: Array<[string, ConditionDraft, string[], string, Record<string, string>]> = [
  [
    'no field',
    {},
    ['field'],
    'devices.validation.filter.field',
    { 'en-US': 'Please choose a field name', 'zh-CN': '请选择字段名' },
  ],
  [
    'no condition symbol',
    { field: 'deviceCode', value: 'HP' },
    ['symbol'],
    'devices.validation.filter.symbol',
    { 'en-US': 'Please choose a condition symbol', 'zh-CN': '请选择条件符号' },
  ],
  [
    'no value',
    { field: 'deviceName', symbol: 'contains', value: '  ' },
    ['value'],
    'devices.validation.filter.value',
    { 'en-US': 'Please enter a value', 'zh-CN': '请输入值' },
  ],
  [
    'no fault code',
    { field: 'faultCode', symbol: '=' },
    ['value'],
    'devices.validation.filter.faultCode',
    { 'en-US': 'Please enter the fault code', 'zh-CN': '请输入故障码' },
  ],
  [
    'no fault start time',
    { field: 'faultStartTime', symbol: '>=' },
    ['value'],
    'devices.validation.filter.faultStartTime',
    { 'en-US': 'Please choose the fault start time', 'zh-CN': '请选择故障开始时间' },
  ],
  [
    'no province',
    { field: 'area' },
    ['province', 'city'],
    'devices.validation.filter.province',
    { 'en-US': 'Please choose a province', 'zh-CN': '请选择省份' },
  ],
  [
    'no city',
    { field: 'area', area: ['330000'] },
    ['province', 'city'],
    'devices.validation.filter.city',
    { 'en-US': 'Please choose a city of the province', 'zh-CN': '请选择该省份的城市' },
  ],
  [
    'no product for a parameter',
    { field: 'addressData', address: 13, symbol: '>', value: 5 },
    ['productId'],
    'devices.validation.filter.parameterProduct',
    { 'en-US': 'Please choose a product first', 'zh-CN': '请先选择产品' },
  ],
  [
    'no parameter point',
    { field: 'addressData', productId: '7', symbol: '>', value: 5 },
    ['address'],
    'devices.validation.filter.parameterPoint',
    { 'en-US': 'Please choose a parameter', 'zh-CN': '请选择参数' },
  ],
  [
    'no parameter condition',
    { field: 'addressData', productId: '7', address: 13, value: 5 },
    ['symbol'],
    'devices.validation.filter.parameterSymbol',
    { 'en-US': 'Please choose the condition of the parameter', 'zh-CN': '请选择参数的条件' },
  ],
  [
    'no parameter value',
    { field: 'addressData', productId: '7', address: 13, symbol: '<=' },
    ['value'],
    'devices.validation.filter.parameterValue',
    { 'en-US': 'Please enter the value of the parameter', 'zh-CN': '请输入参数的值' },
  ],
];

describe('a condition of the filter builder', () => {
  it.each(RULES)('%s: the message the server gives too', (_name, draft, parts, key, texts) => {
    expect(conditionProblem(draft, parts)).toBe(key);
    for (const locale of LOCALES) expect(translate(locale, key)).toBe(texts[locale]);
  });

  it('accepts every complete condition, and the server schema accepts the filter it makes', () => {
    const complete: ConditionDraft[] = [
      { field: 'deviceCode', symbol: 'contains', value: ' HP2406 ' },
      { field: 'deviceStatus', symbol: '=', value: 'ONLINE' },
      { field: 'fault', symbol: '=', value: 'yes' },
      { field: 'faultCode', symbol: '!=', value: 'E01' },
      { field: 'faultStartTime', symbol: '<', value: dayjs('2026-11-24T16:00:00') },
      { field: 'area', area: ['330000', '330100'] },
    ];
    for (const draft of complete)
      expect(
        conditionProblem(draft, ['field', 'symbol', 'value', 'province', 'city', 'productId', 'address']),
      ).toBeNull();
    const { filter, problem } = filterOf({ combinator: 'or', conditions: complete });
    expect(problem).toBeNull();
    expect(filter?.conditions[0]).toEqual({ field: 'deviceCode', symbol: 'contains', value: 'HP2406' });
    expect(filter?.conditions[4]).toEqual({ field: 'faultStartTime', symbol: '<', value: '2026-11-24T08:00:00.000Z' });
    expect(deviceListQuery.safeParse({ filter }).success).toBe(true);
  });

  it('refuses a seventh condition with the spec message', () => {
    const seven = Array.from({ length: 7 }, () => ({ field: 'sn', symbol: '=', value: 'x' }) as ConditionDraft);
    expect(filterOf({ combinator: 'and', conditions: seven }).problem).toBe('devices.validation.filter.tooMany');
    expect(translate('en-US', 'devices.validation.filter.tooMany')).toBe('Only a maximum of six filters are supported');
    expect(filterOf({ combinator: 'and', conditions: seven.slice(1) }).problem).toBeNull();
  });

  it('needs and/or for two or more conditions, not for one', () => {
    const row: ConditionDraft = { field: 'model', symbol: '=', value: 'KF' };
    expect(filterOf({ conditions: [row] })).toEqual({
      filter: { combinator: 'and', conditions: [{ field: 'model', symbol: '=', value: 'KF' }] },
      problem: null,
    });
    expect(filterOf({ conditions: [row, row] }).problem).toBe('devices.validation.filter.combinator');
    expect(translate('zh-CN', 'devices.validation.filter.combinator')).toBeTruthy();
  });

  it('names a municipality district by its city level, and restores an applied filter into rows', () => {
    expect(cityLevel('110101')).toBe('110100');
    expect(toCondition({ field: 'area', area: ['110000', '110105'] })).toEqual({
      field: 'area',
      province: '110000',
      city: '110100',
    });
    const applied = filterOf({
      combinator: 'and',
      conditions: [
        { field: 'addressData', productId: '7', address: 13, symbol: '>=', value: 20 },
        { field: 'area', area: ['330000', '330100'] },
      ],
    }).filter!;
    expect(filterOf(draftOf(applied)).filter).toEqual(applied);
    expect(draftOf(null)).toEqual({ combinator: undefined, conditions: [] });
  });
});

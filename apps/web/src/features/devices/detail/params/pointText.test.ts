import { describe, expect, it } from 'vitest';
import { translate, type Locale } from '@dcc/contract';
import { paramGroupOf, pointValueText, rangeText } from './pointText.ts';

const sayIn =
  (locale: Locale) =>
  (key: string, params?: Record<string, string | number>): string =>
    translate(locale, key, params);
const say = sayIn('en-US');
const plain = { options: [], bits: [], faults: [] };

describe('point texts of the device detail', () => {
  it('shows an enum label, a number with its unit, or the empty mark', () => {
    const mode = { ...plain, value: 2, unit: '', options: [{ value: 2, label: 'Hot water' }] };
    expect(pointValueText(mode, say)).toBe('Hot water');
    expect(pointValueText({ ...plain, value: 45, unit: '°C' }, say)).toBe('45 °C');
    expect(pointValueText({ ...plain, value: 7, unit: '' }, say)).toBe('7');
    expect(pointValueText({ ...plain, value: null, unit: '°C' }, say)).toBe('-');
  });

  it("decodes a bit-field point and a fault point as the packet parser does, in the reader's language", () => {
    const running = {
      ...plain,
      unit: '',
      bits: [
        { bit: 0, name: 'Compressor' },
        { bit: 1, name: 'Water pump' },
        { bit: 2, name: 'Fan' },
        { bit: 3, name: 'Defrost' },
      ],
    };
    expect(pointValueText({ ...running, value: 7 }, say)).toBe('on: Compressor, Water pump, Fan');
    expect(pointValueText({ ...running, value: 0 }, say)).toBe('all off');
    const fault = {
      ...plain,
      unit: '',
      faults: [
        { bit: 0, value: null, code: 'E01', level: 2 },
        { bit: 3, value: null, code: 'P05', level: 1 },
      ],
    };
    expect(pointValueText({ ...fault, value: 0 }, say)).toBe('no fault');
    expect(pointValueText({ ...fault, value: 9 }, say)).toBe('E01 (level 2), P05 (level 1)');
    expect(pointValueText({ ...fault, value: 0 }, sayIn('zh-CN'))).toBe('无故障');
  });

  it('writes a range with open ends blank, an end hidden as a factory setting, and an end awaiting a report by its point', () => {
    const words = (hidden: string) => ({
      hidden,
      awaiting: (p: { name: string }) => `${p.name}, not reported yet`,
      between: (min: string, max: string) => `${min} to ${max}`,
    });
    const open = { minHidden: false, maxHidden: false, minAwaits: null, maxAwaits: null };
    expect(rangeText({ ...open, min: 30, max: 60 }, words('factory setting'))).toBe('30..60');
    expect(rangeText({ ...open, min: 30, max: null }, words('factory setting'))).toBe('30..');
    expect(rangeText({ ...open, min: null, max: null }, words('factory setting'))).toBe('-');
    expect(rangeText({ ...open, min: 30, max: null, maxHidden: true }, words('factory setting'))).toBe(
      '30..factory setting',
    );
    expect(rangeText({ ...open, min: null, max: null, minHidden: true }, words('厂家设定'))).toBe('厂家设定..');
    const maxSet = { address: 21, name: '最高设定', enName: 'max set' };
    expect(rangeText({ ...open, min: 30, max: null, maxAwaits: maxSet }, words(''))).toBe(
      '30 to 最高设定, not reported yet',
    );
  });

  it('sorts a point into advanced (vendor), customer or status by its flags', () => {
    expect(paramGroupOf({ vendorParam: true, clientParam: true })).toBe('advanced');
    expect(paramGroupOf({ vendorParam: false, clientParam: true })).toBe('customer');
    expect(paramGroupOf({ vendorParam: false, clientParam: false })).toBe('status');
  });
});

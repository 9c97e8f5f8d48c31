import { describe, expect, it } from 'vitest';
import { paramGroupOf, pointValueText, rangeText } from './pointText.ts';

describe('point texts of the device detail', () => {
  it('shows an enum label, a number with its unit, or the empty mark', () => {
    const mode = { value: 2, unit: '', options: [{ value: 2, label: 'Hot water' }] };
    expect(pointValueText(mode)).toBe('Hot water');
    expect(pointValueText({ value: 45, unit: '°C', options: [] })).toBe('45 °C');
    expect(pointValueText({ value: 7, unit: '', options: [] })).toBe('7');
    expect(pointValueText({ value: null, unit: '°C', options: [] })).toBe('-');
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

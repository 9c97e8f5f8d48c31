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

  it('writes a range with open ends blank and an end hidden as a factory setting by its text', () => {
    const open = { minHidden: false, maxHidden: false };
    expect(rangeText({ ...open, min: 30, max: 60 }, 'factory setting')).toBe('30..60');
    expect(rangeText({ ...open, min: 30, max: null }, 'factory setting')).toBe('30..');
    expect(rangeText({ ...open, min: null, max: null }, 'factory setting')).toBe('-');
    expect(rangeText({ min: 30, max: null, minHidden: false, maxHidden: true }, 'factory setting')).toBe(
      '30..factory setting',
    );
    expect(rangeText({ min: null, max: null, minHidden: true, maxHidden: false }, '厂家设定')).toBe('厂家设定..');
  });

  it('sorts a point into advanced (vendor), customer or status by its flags', () => {
    expect(paramGroupOf({ vendorParam: true, clientParam: true })).toBe('advanced');
    expect(paramGroupOf({ vendorParam: false, clientParam: true })).toBe('customer');
    expect(paramGroupOf({ vendorParam: false, clientParam: false })).toBe('status');
  });
});

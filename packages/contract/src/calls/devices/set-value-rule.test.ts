import { describe, expect, it } from 'vitest';
import { setValueRefusal } from './set-value-rule.ts';

const setHot = { mode: 'RW' as const, min: 30, max: 60, options: [] };
const power = {
  mode: 'RW' as const,
  min: null,
  max: null,
  options: [
    { value: 0, label: 'off' },
    { value: 1, label: 'on' },
  ],
};

describe('setValueRefusal', () => {
  it.each([
    [30, null],
    [60, null],
    [45.5, null],
    [29, { kind: 'belowRange', min: 30, max: 60 }],
    [61, { kind: 'aboveRange', min: 30, max: 60 }],
    [Number.NaN, { kind: 'notNumber' }],
  ])('a setpoint of 30..60 set to %s -> %j', (value, refusal) =>
    expect(setValueRefusal(setHot, value)).toEqual(refusal),
  );

  it('keeps an open end open', () => {
    expect(setValueRefusal({ ...setHot, max: null }, 1000)).toBeNull();
    expect(setValueRefusal({ ...setHot, min: null }, -1000)).toBeNull();
  });

  it('allows only the listed values of an enum point', () => {
    expect(setValueRefusal(power, 1)).toBeNull();
    expect(setValueRefusal(power, 2)).toEqual({ kind: 'notEnumValue', values: [0, 1] });
  });

  it('refuses a point that is not RW', () => {
    expect(setValueRefusal({ ...setHot, mode: 'R' }, 40)).toEqual({ kind: 'notWritable' });
  });
});

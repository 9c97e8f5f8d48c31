import { describe, expect, it } from 'vitest';
import { checkRange, parseValueRange, type ValueRange } from './value-range.ts';

const current = new Map([
  [20, 60],
  [21, -5],
]);
const lookup = (a: number) => current.get(a);

function range(text: string): ValueRange {
  const r = parseValueRange(text);
  if (!r.ok || !r.range) throw new Error(`no range from ${text}`);
  return r.range;
}

describe('parseValueRange', () => {
  it('reads numbers, negative and decimal ends, references and open ends', () => {
    expect(range('20..55')).toMatchObject({
      min: { kind: 'number', value: 20 },
      max: { kind: 'number', value: 55 },
      refs: [],
    });
    expect(range(' -10.5 .. 0.5 ')).toMatchObject({ min: { value: -10.5 }, max: { value: 0.5 } });
    expect(range('30..$20$')).toMatchObject({
      min: { kind: 'number', value: 30 },
      max: { kind: 'ref', address: 20 },
      refs: [20],
    });
    expect(range('$21$..$20$').refs).toEqual([21, 20]);
    expect(range('..100')).toMatchObject({ min: { kind: 'open' }, max: { value: 100 } });
    expect(range('0..')).toMatchObject({ min: { value: 0 }, max: { kind: 'open' } });
  });

  it('treats blank text as no range', () => {
    expect(parseValueRange('')).toEqual({ ok: true, range: null });
    expect(parseValueRange('  ')).toEqual({ ok: true, range: null });
  });

  it.each(['30', '30-55', '30...55', '1..2..3', 'a..5', '$20..5', '$x$..5', '..', '55..30', '1..$70000$', '0x10..20'])(
    'refuses %j',
    (text) => {
      const r = parseValueRange(text);
      expect(r).toMatchObject({ ok: false, error: { code: 'range.syntax' } });
      expect(!r.ok && r.error.message).toContain(text);
    },
  );
});

describe('checkRange', () => {
  it('says ok, below or above against constants, inclusive at both ends', () => {
    const r = range('20..55');
    expect(checkRange(20, r, lookup)).toEqual({ status: 'ok', min: 20, max: 55 });
    expect(checkRange(55, r, lookup).status).toBe('ok');
    expect(checkRange(19.9, r, lookup)).toEqual({ status: 'below', min: 20, max: 55 });
    expect(checkRange(55.1, r, lookup)).toEqual({ status: 'above', min: 20, max: 55 });
  });

  it('resolves $n$ against the current values of other points', () => {
    const r = range('30..$20$');
    expect(checkRange(60, r, lookup)).toEqual({ status: 'ok', min: 30, max: 60 });
    expect(checkRange(61, r, lookup)).toEqual({ status: 'above', min: 30, max: 60 });
    current.set(20, 70);
    expect(checkRange(61, r, lookup).status).toBe('ok');
    current.set(20, 60);
  });

  it('reports a reference without a current value instead of guessing', () => {
    expect(checkRange(40, range('30..$99$'), lookup)).toEqual({ status: 'unknownReference', address: 99 });
    expect(checkRange(40, range('$98$..50'), lookup)).toEqual({ status: 'unknownReference', address: 98 });
  });

  it('leaves an open end unchecked', () => {
    expect(checkRange(-1e9, range('..100'), lookup)).toEqual({ status: 'ok', min: null, max: 100 });
    expect(checkRange(1e9, range('0..'), lookup)).toEqual({ status: 'ok', min: 0, max: null });
  });
});

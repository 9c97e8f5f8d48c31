import { describe, expect, it } from 'vitest';
import { BUILTIN_DATA_TYPES, compileDataType, sortDataTypes, toSigned, toUnsignedRaw } from './data-type.ts';

describe('data types', () => {
  it('a signed 16-bit raw 0xFFF6 with rule x/10 gives -1.0', () => {
    const c = compileDataType({ name: 't', reportRule: 'x/10', sendRule: 'x*10', signed: true, sortOrder: 1 });
    if (!c.ok) throw new Error('no');
    const x = c.type.signed ? toSigned(0xfff6, 2) : 0xfff6;
    expect(c.type.report?.evaluate(x)).toEqual({ ok: true, value: -1 });
  });

  it("reads two's complement per byte length", () => {
    expect(toSigned(0xff, 1)).toBe(-1);
    expect(toSigned(0x7f, 1)).toBe(127);
    expect(toSigned(0x8000, 2)).toBe(-32768);
    expect(toSigned(0xfffffffe, 4)).toBe(-2);
    expect(toSigned(0x7fffffff, 4)).toBe(0x7fffffff);
  });

  it('turns values back into unsigned raws and refuses what does not fit', () => {
    expect(toUnsignedRaw(-10, 2, true)).toBe(0xfff6);
    expect(toUnsignedRaw(-128, 1, true)).toBe(0x80);
    expect(toUnsignedRaw(-129, 1, true)).toBeNull();
    expect(toUnsignedRaw(128, 1, true)).toBeNull();
    expect(toUnsignedRaw(255, 1, false)).toBe(255);
    expect(toUnsignedRaw(256, 1, false)).toBeNull();
    expect(toUnsignedRaw(-1, 2, false)).toBeNull();
    expect(toUnsignedRaw(0xffffffff, 4, false)).toBe(0xffffffff);
    expect(toUnsignedRaw(-0x80000000, 4, true)).toBe(0x80000000);
    expect(toUnsignedRaw(1.5, 2, false)).toBeNull();
  });

  it('names the rule that does not parse', () => {
    expect(
      compileDataType({ name: 'bad', reportRule: 'x /', sendRule: '', signed: false, sortOrder: 1 }),
    ).toMatchObject({ ok: false, field: 'reportRule', error: { code: 'formula.unexpectedEnd' } });
    expect(
      compileDataType({ name: 'bad', reportRule: '', sendRule: 'x ** 2', signed: false, sortOrder: 1 }),
    ).toMatchObject({ ok: false, field: 'sendRule', error: { code: 'formula.unexpectedToken' } });
  });

  it('treats blank rules as identity and compiles every built-in type', () => {
    for (const t of BUILTIN_DATA_TYPES) expect(compileDataType(t).ok).toBe(true);
    const c = compileDataType({ name: 'raw', reportRule: '  ', sendRule: '', signed: false, sortOrder: 1 });
    expect(c.ok && c.type.report).toBeNull();
  });

  it('sorts smaller sort order first, then by name', () => {
    const sorted = sortDataTypes([
      { name: 'b', sortOrder: 2 },
      { name: 'z', sortOrder: 1 },
      { name: 'a', sortOrder: 2 },
    ]);
    expect(sorted.map((t) => t.name)).toEqual(['z', 'a', 'b']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula, MAX_FORMULA_LENGTH, type EvalResult } from './index.ts';

const values = new Map([
  [12, 7],
  [20, 60],
  [21, -3],
]);

function evalOk(src: string, x = 0): number {
  const c = compileFormula(src);
  if (!c.ok) throw new Error(`did not compile: ${c.error.message}`);
  const r = c.formula.evaluate(x, values);
  if (!r.ok) throw new Error(`did not evaluate: ${r.error.message}`);
  return r.value;
}

function evalResult(src: string, x = 0): EvalResult {
  const c = compileFormula(src);
  if (!c.ok) throw new Error(`did not compile: ${c.error.message}`);
  return c.formula.evaluate(x, values);
}

describe('formula: values', () => {
  it.each([
    ['x', 5, 5],
    ['x / 10', -10, -1],
    ['x * 0.1', 250, 25],
    ['0x1F', 0, 31],
    ['0XfF + 1', 0, 256],
    ['0b1010', 0, 10],
    ['1.5e2', 0, 150],
    ['.5 + x', 1, 1.5],
    ['$12$ + x', 1, 8],
    ['$20$ - $21$', 0, 63],
    ['2 + 3 * 4', 0, 14],
    ['(2 + 3) * 4', 0, 20],
    ['10 - 4 - 3', 0, 3],
    ['64 / 4 / 2', 0, 8],
    ['7 % 4', 0, 3],
    ['-x', 4, -4],
    ['- -x', 4, 4],
    ['-2 * 3', 0, -6],
    ['+x', 4, 4],
    ['2 * -x', 3, -6],
  ])('%s with x=%d gives %d', (src, x, want) => {
    expect(evalOk(src, x)).toBe(want);
  });

  it.each([
    ['x & 0xFF', 0x1234, 0x34],
    ['x | 1', 4, 5],
    ['x ^ 0xF', 0xa, 5],
    ['~x & 0xFFFF', 0, 0xffff],
    ['(x >> 3) & 1', 0b1000, 1],
    ['1 << 4', 0, 16],
    ['-16 >> 2', 0, -4],
    ['-1 >>> 28', 0, 15],
    ['x & 1 << 2', 4, 4],
    ['1 + 2 << 1', 0, 6],
    ['x & 3 == 3', 3, 1],
  ])('bit operation %s with x=%d gives %d', (src, x, want) => {
    expect(evalOk(src, x)).toBe(want);
  });

  it.each([
    ['x > 3', 4, 1],
    ['x > 3', 3, 0],
    ['x >= 3', 3, 1],
    ['x < 3', 3, 0],
    ['x <= 3', 3, 1],
    ['x == 3', 3, 1],
    ['x != 3', 3, 0],
    ['x > 0 && x < 10', 5, 1],
    ['x > 0 && x < 10', 11, 0],
    ['x < 0 || x > 10', 11, 1],
    ['!x', 0, 1],
    ['!x', 2, 0],
    ['x > $20$ ? $20$ : x', 75, 60],
    ['x > $20$ ? $20$ : x', 45, 45],
    ['x < 0 ? -1 : x == 0 ? 0 : 1', 0, 0],
    ['x < 0 ? -1 : x == 0 ? 0 : 1', 9, 1],
    ['1 + (x ? 2 : 3)', 0, 4],
  ])('comparison/ternary %s with x=%d gives %d', (src, x, want) => {
    expect(evalOk(src, x)).toBe(want);
  });

  it.each([
    ['abs(x)', -3, 3],
    ['min(x, 5, $12$)', 9, 5],
    ['max(x, 5, $12$)', 1, 7],
    ['min(x)', 2, 2],
    ['round(x)', 2.5, 3],
    ['round(x)', -2.5, -3],
    ['round(x / 3, 2)', 10, 3.33],
    ['floor(x)', -1.5, -2],
    ['ceil(x)', 1.2, 2],
    ['max(abs(x), floor(2.9))', -1, 2],
  ])('function %s with x=%d gives %d', (src, x, want) => {
    expect(evalOk(src, x)).toBe(want);
  });

  it('short-circuits && and || so the untaken side cannot fail', () => {
    expect(evalOk('0 && 1 / 0')).toBe(0);
    expect(evalOk('1 || $999$')).toBe(1);
    expect(evalOk('x ? 1 / x : 0', 0)).toBe(0);
  });

  it('lists referenced points once, in order of first use', () => {
    const c = compileFormula('$3$ + $20$ * $3$ + x');
    expect(c.ok && c.formula.refs).toEqual([3, 20]);
  });

  it('accepts a lookup function as well as a map', () => {
    const c = compileFormula('$5$ * 2');
    expect(c.ok && c.formula.evaluate(0, (a) => (a === 5 ? 21 : undefined))).toEqual({ ok: true, value: 42 });
  });

  it('evaluates the same compiled formula many times with different x', () => {
    const c = compileFormula('x / 10');
    if (!c.ok) throw new Error('no');
    expect([0, 1, -5, 65535].map((x) => (c.formula.evaluate(x) as { value: number }).value)).toEqual([
      0, 0.1, -0.5, 6553.5,
    ]);
  });
});

describe('formula: refusals', () => {
  it.each([
    ['', 'formula.empty', 0],
    ['   ', 'formula.empty', 0],
    ['x +', 'formula.unexpectedEnd', 3],
    ['(x + 1', 'formula.unexpectedEnd', 6],
    ['x + 1)', 'formula.unexpectedToken', 5],
    ['x 1', 'formula.unexpectedToken', 2],
    ['* x', 'formula.unexpectedToken', 0],
    ['x ? 1', 'formula.unexpectedEnd', 5],
    ['x ? 1 , 2', 'formula.unexpectedToken', 6],
    ['x # 2', 'formula.unexpectedChar', 2],
    ['x = 2', 'formula.unexpectedChar', 2],
    ['"x"', 'formula.unexpectedChar', 0],
    ['12ab', 'formula.badNumber', 0],
    ['0x1G', 'formula.badNumber', 0],
    ['1.2.3', 'formula.badNumber', 0],
    ['$', 'formula.badReference', 0],
    ['x + $12', 'formula.badReference', 4],
    ['$x$', 'formula.badReference', 0],
    ['$70000$', 'formula.badReference', 0],
    ['y + 1', 'formula.unknownIdentifier', 0],
    ['constructor', 'formula.unknownIdentifier', 0],
    ['eval(x)', 'formula.unknownFunction', 0],
    ['toString(x)', 'formula.unknownFunction', 0],
    ['x + sqrt(4)', 'formula.unknownFunction', 4],
    ['abs()', 'formula.arity', 0],
    ['abs(1, 2)', 'formula.arity', 0],
    ['round(1, 2, 3)', 'formula.arity', 0],
    ['min(1,)', 'formula.unexpectedToken', 6],
  ])('%j is refused with %s at %d', (src, code, position) => {
    const c = compileFormula(src);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.error.code).toBe(code);
    expect(c.error.position).toBe(position);
    expect(c.error.message.length).toBeGreaterThan(5);
  });

  it('refuses text past the length limit and nesting past the depth limit', () => {
    const long = compileFormula('1+'.repeat(MAX_FORMULA_LENGTH / 2) + '1');
    expect(!long.ok && long.error.code).toBe('formula.tooLong');
    const deep = compileFormula('('.repeat(200) + 'x' + ')'.repeat(200));
    expect(!deep.ok && deep.error.code).toBe('formula.tooDeep');
    const unary = compileFormula('-'.repeat(300) + 'x');
    expect(!unary.ok && unary.error.code).toBe('formula.tooDeep');
  });

  it('reports evaluation errors as results: division by zero, unknown point, not finite', () => {
    expect(evalResult('x / 0', 5)).toMatchObject({ ok: false, error: { code: 'formula.divisionByZero', position: 2 } });
    expect(evalResult('x % (x - 5)', 5)).toMatchObject({ ok: false, error: { code: 'formula.divisionByZero' } });
    expect(evalResult('x + $99$', 5)).toMatchObject({
      ok: false,
      error: { code: 'formula.unknownPoint', position: 4 },
    });
    expect(evalResult('x * 1e308 * 10', 5)).toMatchObject({ ok: false, error: { code: 'formula.notFinite' } });
  });

  it('never throws and never runs code for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.double(), (src, x) => {
        const c = compileFormula(src);
        if (c.ok) {
          const r = c.formula.evaluate(x, values);
          expect(typeof r.ok).toBe('boolean');
        } else {
          expect(c.error.code).toMatch(/^formula\./);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on token soup built from the grammar', () => {
    const piece = fc.constantFrom(
      'x',
      '1',
      '0x10',
      '$12$',
      '$5$',
      '(',
      ')',
      '+',
      '-',
      '*',
      '/',
      '%',
      '&',
      '|',
      '^',
      '~',
      '<<',
      '>>',
      '>>>',
      '==',
      '<',
      '>=',
      '&&',
      '||',
      '!',
      '?',
      ':',
      ',',
      'abs(',
      'min(',
      'round(',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), fc.integer(), (pieces, x) => {
        const c = compileFormula(pieces.join(' '));
        if (c.ok) c.formula.evaluate(x, values);
      }),
      { numRuns: 3000 },
    );
  });
});

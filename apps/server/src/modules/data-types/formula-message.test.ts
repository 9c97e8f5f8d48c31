import { isMessageKey, translate } from '@dcc/contract';
import { compileFormula } from '@dcc/protocol';
import { describe, expect, it } from 'vitest';
import { FORMULA_MESSAGE_KEYS, formulaDetail } from './formula-message.ts';

const detailOf = (source: string, locale: 'en-US' | 'zh-CN' = 'en-US') => {
  const compiled = compileFormula(source);
  if (compiled.ok) throw new Error(`${source} compiled`);
  return formulaDetail(locale, source, compiled.error);
};

describe('formula messages', () => {
  it('every engine code has a message in both languages, with no placeholder left unfilled', () => {
    for (const key of Object.values(FORMULA_MESSAGE_KEYS)) {
      expect(isMessageKey(key), key).toBe(true);
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const text = translate(locale, key, { text: 'abs', position: 3, max: 1000 });
        expect(text, `${locale} ${key}`).not.toMatch(/\{\{|catalog\./);
      }
    }
  });

  it('names what the error points at, counting positions from 1', () => {
    expect(detailOf('x ** 2')).toBe("unexpected '*' at position 4");
    expect(detailOf('x + 1)')).toBe("unexpected ')' at position 6");
    expect(detailOf('x + foo')).toBe("unknown name 'foo' at position 5; only x and $address$ are values");
    expect(detailOf('2 * sqrt(x)')).toBe("unknown function 'sqrt' at position 5");
    expect(detailOf('abs(1, 2)')).toBe('abs() is given the wrong number of arguments (position 1)');
    expect(detailOf('x @ 1')).toBe("unexpected character '@' at position 3");
    expect(detailOf('x + $70000$')).toBe('a point reference is written $address$ with an address 0-65535 (position 5)');
    expect(detailOf('')).toBe('the formula is empty');
    expect(detailOf('x +', 'zh-CN')).toBe('公式不完整');
    expect(detailOf('x + foo', 'zh-CN')).toBe("第 5 位的名称 'foo' 未知；只能使用 x 和 $地址$ 作为取值");
  });
});

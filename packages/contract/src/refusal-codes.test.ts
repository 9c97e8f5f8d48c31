import { describe, expect, it } from 'vitest';
import { LOCALES } from './envelope.ts';
import { REFUSAL_CODES, refusalName } from './refusal-codes.ts';

describe('refusal codes', () => {
  it('are named in both languages, and an unknown one is named too, never shown raw', () => {
    for (const locale of LOCALES) {
      for (const code of [...REFUSAL_CODES, 'frame.fromTheFuture']) {
        const name = refusalName(locale, code);
        expect(name).not.toContain('deviceFaults.refusal');
        expect(name).not.toContain(code);
      }
    }
    expect(refusalName('zh-CN', 'frame.badHead')).toBe('包头错误');
    expect(refusalName('en-US', 'frame.badHead')).toBe('Wrong packet head');
  });
});

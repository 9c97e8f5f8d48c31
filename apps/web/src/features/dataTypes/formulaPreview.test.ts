import { describe, expect, it } from 'vitest';
import { compileFormula } from '@dcc/protocol';
import { formatPreviewNumber, previewRule } from './formulaPreview.ts';

describe('data type rule preview', () => {
  it('shows raw 215 -> 21.5 and back', () => {
    const report = previewRule(compileFormula, 'x / 10', 215);
    expect(report).toEqual({ ok: true, output: 21.5 });
    expect(previewRule(compileFormula, 'x * 10', 21.5)).toEqual({ ok: true, output: 215 });
  });

  it('keeps the value for a blank rule', () => {
    expect(previewRule(compileFormula, '  ', 42)).toEqual({ ok: true, output: 42 });
  });

  it('names why a rule does not parse, and where', () => {
    expect(previewRule(compileFormula, 'x / ', 1)).toMatchObject({ ok: false, code: 'formula.unexpectedEnd' });
    expect(previewRule(compileFormula, 'y * 2', 1)).toMatchObject({
      ok: false,
      code: 'formula.unknownIdentifier',
      position: 0,
    });
  });

  it('prints floating results without noise', () => {
    expect(formatPreviewNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatPreviewNumber(-4)).toBe('-4');
  });
});

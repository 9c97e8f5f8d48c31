import { describe, expect, it } from 'vitest';
import { localName, localUnit } from './local-name.ts';

describe('localName', () => {
  it("answers the language's own name", () => {
    expect(localName('zh-CN', '压缩机', 'Compressor')).toBe('压缩机');
    expect(localName('en-US', '压缩机', 'Compressor')).toBe('Compressor');
  });

  it('falls back to the other name, visibly marked, only when its own is empty', () => {
    expect(localName('en-US', '压缩机', '')).toBe('压缩机 (Chinese)');
    expect(localName('en-US', '压缩机', '  ')).toBe('压缩机 (Chinese)');
    expect(localName('zh-CN', '', 'Compressor')).toBe('Compressor（英文）');
    expect(localName('zh-CN', undefined, undefined)).toBe('');
    expect(localName('en-US', ' ', undefined)).toBe('');
  });
});

describe('localUnit', () => {
  it('answers the English word of a unit to English readers, the unit as stored otherwise', () => {
    expect(localUnit('zh-CN', '步', 'steps')).toBe('步');
    expect(localUnit('en-US', '步', 'steps')).toBe('steps');
    expect(localUnit('en-US', '°C', '')).toBe('°C');
    expect(localUnit('zh-CN', '°C', undefined)).toBe('°C');
  });
});

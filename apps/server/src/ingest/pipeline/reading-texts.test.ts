import { describe, expect, it } from 'vitest';
import { numberText, readingTexts, readingTextsOfBatch } from './reading-texts.ts';

describe('reading texts: the history literals and the latest values JSON from one pass', () => {
  const readings = [
    { address: 13, value: 23.4 },
    { address: 2, value: null },
    { address: 40, value: -0.1 },
    { address: 7, value: 1e-7 },
  ];

  it('writes the JSON that JSON.stringify would, and the array literals PostgreSQL reads', () => {
    const texts = readingTexts(readings);
    expect(JSON.parse(texts.json)).toEqual({ 13: 23.4, 2: null, 40: -0.1, 7: 1e-7 });
    expect(texts.addresses).toBe('13,2,40,7');
    expect(texts.values).toBe('23.4,NULL,-0.1,1e-7');
  });

  it('writes null for a value JSON cannot hold, as JSON.stringify does', () => {
    const texts = readingTexts([{ address: 1, value: Number.NaN }]);
    expect(texts.json).toBe(JSON.stringify({ 1: null }));
    expect(texts.values).toBe('NULL');
  });

  it("makes one array's texts once per batch", () => {
    const textsOf = readingTextsOfBatch();
    expect(textsOf(readings)).toBe(textsOf(readings));
    expect(readingTextsOfBatch()(readings)).not.toBe(textsOf(readings));
  });

  it('writes every number as String does (the text reads back as the same double)', () => {
    const values = [
      0,
      -0,
      1,
      -7,
      12.3,
      -12.3,
      0.1,
      0.25,
      -0.005,
      0.001,
      0.0001,
      1e-7,
      99.99,
      123456.789,
      1e9 + 0.5,
      2 ** 53,
      1 / 3,
      0.1 + 0.2,
    ];
    for (let k = 0; k < 20_000; k++) {
      const places = k % 5;
      const magnitude = 10 ** ((k % 9) - 3);
      values.push(Math.round(Math.sin(k) * magnitude * 10 ** places) / 10 ** places);
    }
    for (const value of values) expect(numberText(value), String(value)).toBe(String(value));
  });
});

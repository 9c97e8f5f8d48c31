import { describe, expect, it } from 'vitest';
import { ALL_AREA_CATALOGS as AREA_CATALOGS } from './allCatalogs.ts';

const areas = (locale: 'zh-CN' | 'en-US') => Object.keys(AREA_CATALOGS[locale]).sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('console catalogs', () => {
  it('have the same area files in zh-CN and en-US', () => {
    expect(areas('zh-CN')).toEqual(areas('en-US'));
    expect(areas('en-US').length).toBeGreaterThan(0);
  });

  for (const area of areas('en-US')) {
    it(`${area}: same keys in both languages, no empty value, same placeholders`, () => {
      const en = AREA_CATALOGS['en-US'][area] ?? {};
      const zh = AREA_CATALOGS['zh-CN'][area] ?? {};
      expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
      for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)]) {
        expect(typeof value === 'string' && value.trim().length > 0, `empty value for ${key}`).toBe(true);
      }
      for (const key of Object.keys(en)) expect(placeholders(zh[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
    });
  }

  it('do not redefine a key of another area', () => {
    const seen = new Map<string, string>();
    for (const area of areas('en-US')) {
      for (const key of Object.keys(AREA_CATALOGS['en-US'][area] ?? {})) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });
});

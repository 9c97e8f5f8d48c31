import { describe, expect, it } from 'vitest';
import { LOCALES } from '@dcc/contract';
import { allMessages as mergedCatalog } from './allCatalogs.ts';

// Every source file of the console as text (tests excluded).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// Literal keys: t('a.b'), i18n.t('a.b'), t(cond ? 'a.b' : 'a.c'); template keys like t(`login.identity.${x}`) are checked by prefix.
const LITERAL = /\bt\(\s*(?:[^'`()]*\?\s*)?'([a-zA-Z]+\.[^']+)'(?:\s*:\s*'([^']+)')?/g;
const TEMPLATE = /\bt\(\s*`([^`$]+)\$\{/g;

describe('keys used in the source', () => {
  const literal = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(LITERAL)) {
      literal.add(match[1]!);
      if (match[2]) literal.add(match[2]);
    }
    for (const match of text.matchAll(TEMPLATE)) prefixes.add(match[1]!);
  }

  it('finds the keys to check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    expect(literal.size).toBeGreaterThan(50);
    expect(literal.has('login.userNamePlaceholder')).toBe(true);
  });

  for (const locale of LOCALES) {
    it(`every literal key exists in ${locale}`, () => {
      const keys = mergedCatalog(locale);
      expect([...literal].filter((key) => !(key in keys))).toEqual([]);
    });

    it(`every template key prefix has entries in ${locale}`, () => {
      const keys = Object.keys(mergedCatalog(locale));
      expect([...prefixes].filter((prefix) => !keys.some((key) => key.startsWith(prefix)))).toEqual([]);
    });
  }
});

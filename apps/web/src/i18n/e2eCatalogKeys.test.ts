import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LOCALES, SHARED_MESSAGES } from '@dcc/contract';
import { ALL_AREA_CATALOGS } from './allCatalogs.ts';

const E2E_DIR = new URL('../../../../e2e/', import.meta.url).pathname;

/** The catalog keys the browser tests name literally: t('a.b'), text(locale, 'a.b'), requiredText(locale, 'a.b'). */
function keysNamedByBrowserTests(): Map<string, string> {
  const named = new Map<string, string>();
  for (const dir of [E2E_DIR, join(E2E_DIR, 'support')])
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const match of source.matchAll(
        /\b(?:t|text|requiredText)\((?:[\w'-]+, )?'([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)'\)/g,
      ))
        named.set(match[1]!, file);
    }
  return named;
}

it('every catalog key a browser test names exists in both languages (a renamed key fails here, not after the browser run)', () => {
  const named = keysNamedByBrowserTests();
  expect(named.size).toBeGreaterThan(100);
  for (const locale of LOCALES) {
    const known = new Set([
      ...Object.keys(SHARED_MESSAGES[locale]),
      ...Object.values(ALL_AREA_CATALOGS[locale]).flatMap(Object.keys),
    ]);
    const missing = [...named].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing, locale).toEqual([]);
  }
});

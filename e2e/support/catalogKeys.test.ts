import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LOCALES } from '@dcc/contract';
import { hasCatalogEntry } from './console.ts';

const E2E_DIR = new URL('../', import.meta.url).pathname;

/** The catalog keys the browser tests name literally: t('a.b'), text(locale, 'a.b'), requiredText(locale, 'a.b'). */
function keysNamedByBrowserTests(): Map<string, string> {
  const named = new Map<string, string>();
  for (const dir of [E2E_DIR, join(E2E_DIR, 'support')])
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !import.meta.url.endsWith(name))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const match of source.matchAll(
        /\b(?:t|text|requiredText)\((?:[\w'-]+, )?'([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)'\)/g,
      ))
        named.set(match[1]!, file);
    }
  return named;
}

// Runs with the unit tests: a renamed key fails here in seconds, not after the browser run.
it('every catalog key a browser test names exists in both languages', () => {
  const named = keysNamedByBrowserTests();
  expect(named.size).toBeGreaterThan(100);
  for (const locale of LOCALES) {
    const missing = [...named]
      .filter(([key]) => !hasCatalogEntry(locale, key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing, locale).toEqual([]);
  }
});

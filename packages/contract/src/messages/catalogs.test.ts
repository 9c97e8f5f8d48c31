import { describe, expect, it } from 'vitest';
import type { Locale } from '../envelope.ts';
import { DOMAIN_CATALOGS } from './domains/index.ts';
import { GENERAL_MESSAGES, SHARED_MESSAGES } from './index.ts';
import { ERROR_MESSAGE_KEYS } from '../errors.ts';
import { flattenMenu } from '../menu.ts';
import { OFFLINE_REASON_CODES, offlineCheckKey, offlineReasonKey } from '../offline-reasons.ts';

describe('shared catalogs', () => {
  it('have the same keys in zh-CN and en-US, none empty', () => {
    const [zhCN, enUS] = [SHARED_MESSAGES['zh-CN'], SHARED_MESSAGES['en-US']];
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
    for (const text of [...Object.values(zhCN), ...Object.values(enUS)]) expect(text.trim()).not.toBe('');
  });
  it('hold every error, menu label and offline reason', () => {
    const keys = [
      ...Object.values(ERROR_MESSAGE_KEYS),
      ...flattenMenu().map((entry) => entry.labelKey),
      ...OFFLINE_REASON_CODES.map(offlineReasonKey),
      ...OFFLINE_REASON_CODES.map(offlineCheckKey),
    ];
    for (const key of keys) expect(SHARED_MESSAGES['en-US'], key).toHaveProperty([key]);
  });
  it('give every offline reason a check method distinct from its meaning, in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const checks = OFFLINE_REASON_CODES.map((code) => SHARED_MESSAGES[locale][offlineCheckKey(code)]);
      for (const [index, code] of OFFLINE_REASON_CODES.entries())
        expect(checks[index], `${locale} ${code}`).not.toBe(SHARED_MESSAGES[locale][offlineReasonKey(code)]);
      expect(new Set(checks).size).toBe(OFFLINE_REASON_CODES.length);
    }
  });
  it('use the same {{placeholders}} in zh-CN and en-US for each key', () => {
    expect(placeholderMismatches(SHARED_MESSAGES)).toEqual([]);
  });
  it('give each key in one catalog only: merged, a later catalog would silently replace it', () => {
    expect(duplicateKeys({ general: GENERAL_MESSAGES, ...DOMAIN_CATALOGS })).toEqual([]);
  });
  it('checks that fail on a planted defect', () => {
    const planted = {
      'en-US': { 'x.count': '{{count}} devices', 'x.same': '{{a}} {{b}}' },
      'zh-CN': { 'x.count': '{{total}} 台设备', 'x.same': '{{b}}{{a}}' },
    };
    expect(placeholderMismatches(planted)).toEqual(['x.count: en-US {{count}}, zh-CN {{total}}']);
    const devices = DOMAIN_CATALOGS.devices!;
    const taken = Object.keys(devices['en-US'])[0]!;
    const echo = { 'en-US': { [taken]: 'again' }, 'zh-CN': { [taken]: '再次' } };
    expect(duplicateKeys({ devices, echo })).toEqual([
      `en-US ${taken}: devices, echo`,
      `zh-CN ${taken}: devices, echo`,
    ]);
  });
});

type Catalog = Record<Locale, Record<string, string>>;

const placeholdersOf = (text: string | undefined) =>
  [...new Set([...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!))].sort().join(',');

/** Keys whose two texts do not name the same {{placeholders}}. */
function placeholderMismatches(catalog: Catalog): string[] {
  const wrong: string[] = [];
  for (const key of Object.keys(catalog['en-US'])) {
    const [en, zh] = [placeholdersOf(catalog['en-US'][key]), placeholdersOf(catalog['zh-CN'][key])];
    const shown = (names: string) =>
      names
        .split(',')
        .filter(Boolean)
        .map((name) => `{{${name}}}`)
        .join(' ') || 'none';
    if (en !== zh) wrong.push(`${key}: en-US ${shown(en)}, zh-CN ${shown(zh)}`);
  }
  return wrong;
}

/** Keys that more than one named catalog defines, per locale, with the catalogs. */
function duplicateKeys(catalogs: Record<string, Catalog>): string[] {
  const found: string[] = [];
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const owners = new Map<string, string[]>();
    for (const [name, catalog] of Object.entries(catalogs))
      for (const key of Object.keys(catalog[locale])) owners.set(key, [...(owners.get(key) ?? []), name]);
    for (const [key, names] of owners) if (names.length > 1) found.push(`${locale} ${key}: ${names.join(', ')}`);
  }
  return found;
}

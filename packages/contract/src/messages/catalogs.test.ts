import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from './index.ts';
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
});

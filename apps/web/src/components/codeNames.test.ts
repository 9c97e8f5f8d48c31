import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { type TFunction } from 'i18next';
import {
  ABNORMAL_REASONS,
  DEVICE_STATUSES,
  LOCALES,
  LOGGED_DEVICE_FIELDS,
  OPERATION_ACTIONS,
  OPERATION_OUTCOMES,
  ROLLOUT_REASONS,
  ROLLOUT_STATES,
  type Locale,
} from '@dcc/contract';
import { allMessages } from '../i18n/allCatalogs.ts';
import { codeNames } from './codeNames.ts';

beforeAll(async () => {
  await i18n.init({
    lng: 'en-US',
    initAsync: false,
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: allMessages(locale) }])),
  });
});

/** Every name the renderers give, with the code it names. */
function namesIn(t: TFunction): Array<[code: string, name: string]> {
  return [
    ...OPERATION_OUTCOMES.map((o) => [o, codeNames.outcome(t, o)] as [string, string]),
    ...OPERATION_OUTCOMES.map((o) => [o, codeNames.batchOutcome(t, o)] as [string, string]),
    ...OPERATION_ACTIONS.map((a) => [a, codeNames.operationAction(t, a)] as [string, string]),
    ...LOGGED_DEVICE_FIELDS.map((f) => [f, codeNames.operationField(t, f)] as [string, string]),
    ...ABNORMAL_REASONS.map((r) => [r, codeNames.abnormalReason(t, r, 4)] as [string, string]),
    ...DEVICE_STATUSES.map((s) => [s, codeNames.deviceStatus(t, s)] as [string, string]),
    ...ROLLOUT_STATES.map((s) => [s, codeNames.otaState(t, s)] as [string, string]),
    ...ROLLOUT_REASONS.map((r) => [r, codeNames.otaReason(t, r)] as [string, string]),
  ];
}

/** A text that is a catalog key ('a.b.c') rather than words. */
const looksLikeKey = (text: string) => /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(text);

describe('the renderers of contract codes', () => {
  for (const locale of LOCALES as readonly Locale[]) {
    it(`name every code of every list in ${locale}, never by the code or a key`, () => {
      const names = namesIn(i18n.getFixedT(locale));
      expect(names.length).toBeGreaterThan(40);
      const raw = names.filter(([code, name]) => !name.trim() || looksLikeKey(name) || name.includes(code));
      expect(raw).toEqual([]);
    });
  }
});

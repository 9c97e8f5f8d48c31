import type { Locale } from '../envelope.ts';
import { enUS, type MessageKey } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { DOMAIN_MESSAGES } from './domains/index.ts';
import { mergeCatalogs } from './merge.ts';

export type { MessageKey };

/** General messages (errors, validation, menu, offline reasons): the console loads them up front. */
export const GENERAL_MESSAGES: Record<Locale, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

/** Every shared message, general and per domain, by locale. */
// Pure, so that the console's login bundle drops it (and the domain messages) when unused.
export const SHARED_MESSAGES = /* @__PURE__ */ mergeCatalogs(GENERAL_MESSAGES, DOMAIN_MESSAGES);

/** Translates a shared key with {{name}} placeholders; an unknown key is returned as it is. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = SHARED_MESSAGES[locale][key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const isMessageKey = (key: string): boolean => key in SHARED_MESSAGES['en-US'];

/**
 * Names the codes of a vocabulary in a language: each code of `known` by its own message (`keyOf`), any other code by
 * `otherKey`'s, so a code is never shown raw, even one added on one side before the other.
 */
export function codeNames(
  known: readonly string[],
  keyOf: (code: string) => string,
  otherKey: string,
): (locale: Locale, code: string) => string {
  const codes = new Set(known);
  return (locale, code) => translate(locale, codes.has(code) ? keyOf(code) : otherKey);
}

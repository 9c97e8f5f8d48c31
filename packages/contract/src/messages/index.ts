import type { Locale } from '../envelope.ts';
import { enUS, type MessageKey } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { organizationEnUS } from './domains/organization.en-US.ts';
import { organizationZhCN } from './domains/organization.zh-CN.ts';
import { peopleEnUS } from './domains/people.en-US.ts';
import { peopleZhCN } from './domains/people.zh-CN.ts';

export type { MessageKey };

/** The shared catalogs by locale (general, then one file per domain); the console merges them into its own. */
export const SHARED_MESSAGES: Record<Locale, Record<string, string>> = {
  'en-US': { ...enUS, ...organizationEnUS, ...peopleEnUS },
  'zh-CN': { ...zhCN, ...organizationZhCN, ...peopleZhCN },
};

/** Translates a shared key with {{name}} placeholders; an unknown key is returned as it is. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = SHARED_MESSAGES[locale][key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const isMessageKey = (key: string): boolean => key in SHARED_MESSAGES['en-US'];

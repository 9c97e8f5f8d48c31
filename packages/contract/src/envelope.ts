import { z } from 'zod';

/** The answer every call returns: error_code 0 is success. */
export interface Envelope<T> {
  error_code: number;
  error_msg: string;
  objectResult: T | null;
  isReusltSuc?: boolean;
}

/** Builds the zod schema of an envelope around an answer schema. */
export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    error_code: z.number(),
    error_msg: z.string(),
    objectResult: result.nullable(),
    isReusltSuc: z.boolean().optional(),
  });
}

/** Languages on the wire (query `language`) and their catalog locale. */
export const WIRE_LANGUAGES = { zh_CN: 'zh-CN', en_US: 'en-US' } as const;
export type WireLanguage = keyof typeof WIRE_LANGUAGES;
export type Locale = (typeof WIRE_LANGUAGES)[WireLanguage];
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Maps a wire language (zh_CN) or locale (zh-CN) to a catalog locale; anything else is English. */
export function toLocale(value: unknown): Locale {
  if (value === 'zh_CN' || value === 'zh-CN' || value === 'zh') return 'zh-CN';
  return 'en-US';
}

/** Maps a catalog locale to the wire language sent in the query. */
export function toWireLanguage(locale: Locale): WireLanguage {
  return locale === 'zh-CN' ? 'zh_CN' : 'en_US';
}

/** Body fields the console adds to every call; they are context, not payload. */
export const CONTEXT_FIELDS = ['sessionid', 'dealersId', 'pattern'] as const;

import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Locale } from '@dcc/contract';
// The one i18next instance the console initialises (i18n/index.ts); imported bare so that this module needs no browser storage.
import i18n from 'i18next';
import { EMPTY_VALUE } from '../emptyValue.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The console shows every time in China time, as the spec's days are, whatever the browser's zone. */
export const CHINA_ZONE = 'Asia/Shanghai';

/** The date and date-time patterns of each language. */
const FORMATS: Record<Locale, { date: string; dateTime: string }> = {
  'zh-CN': { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm:ss' },
  'en-US': { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY HH:mm:ss' },
};

const shownLocale = (): Locale => (i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US');

const show = (value: string | null | undefined, pattern: string) =>
  value ? dayjs(value).tz(CHINA_ZONE).format(pattern) : EMPTY_VALUE;

/** An instant (ISO text from the server) as a China date and time in `locale`'s format; none shows EMPTY_VALUE. */
export function formatTimeIn(locale: Locale, value: string | null | undefined): string {
  return show(value, FORMATS[locale].dateTime);
}

/** An instant as its China day in `locale`'s format; none shows EMPTY_VALUE. */
export function formatDateIn(locale: Locale, value: string | null | undefined): string {
  return show(value, FORMATS[locale].date);
}

/** formatTimeIn the shown language (also a table column's render). */
export const formatTime = (value: string | null | undefined): string => formatTimeIn(shownLocale(), value);

/** formatDateIn the shown language. */
export const formatDate = (value: string | null | undefined): string => formatDateIn(shownLocale(), value);

/** Now as China's wall-clock time in the browser's zone (for day pickers): the calls' days are China days. */
export function chinaNow(): Dayjs {
  return dayjs(dayjs().tz(CHINA_ZONE).format('YYYY-MM-DDTHH:mm:ss.SSS'));
}

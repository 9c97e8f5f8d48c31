import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIME_ZONE, isTimeZone, zoneOffsetMs, type Locale } from '@dcc/contract';
// The one i18next instance the console initialises (i18n/index.ts); imported bare so that this module needs no browser storage.
import i18n from 'i18next';
import { EMPTY_VALUE } from '../emptyValue.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The console's one time-zone rule: every time is shown, typed and exported in the platform's zone
 * (the server's PLATFORM_TIME_ZONE, handed over at sign-in), whatever the browser's zone.
 */
let platformZone = DEFAULT_TIME_ZONE;

/** Sets the platform's zone (the session does, from the sign-in answer); an unknown name keeps the default. */
export function setPlatformTimeZone(zone: string | null | undefined): void {
  platformZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The platform's time zone (IANA name). */
export const platformTimeZone = (): string => platformZone;

/** The date and date-time patterns of each language. */
const FORMATS: Record<Locale, { date: string; dateTime: string }> = {
  'zh-CN': { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm:ss' },
  'en-US': { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY HH:mm:ss' },
};

const shownLocale = (): Locale => (i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US');

/**
 * An instant (ISO text or epoch ms) in the platform's zone, as `pattern` (no zone token): the instant
 * moved by the zone's offset (zoneOffsetMs, a cached formatter) and written as UTC. dayjs's tz() builds
 * a new Intl formatter per call (toLocaleString), which made a list's time cells the largest cost of
 * its first render.
 */
export function formatInPlatformZone(value: string | number, pattern: string): string {
  const epochMs = typeof value === 'number' ? value : dayjs(value).valueOf();
  if (Number.isNaN(epochMs)) return dayjs(value).format(pattern);
  return dayjs.utc(epochMs + zoneOffsetMs(platformZone, epochMs)).format(pattern);
}

const show = (value: string | null | undefined, pattern: string) =>
  value ? formatInPlatformZone(value, pattern) : EMPTY_VALUE;

/** An instant (ISO text from the server) as a date and time of the platform's zone in `locale`'s format; none shows EMPTY_VALUE. */
export function formatTimeIn(locale: Locale, value: string | null | undefined): string {
  return show(value, FORMATS[locale].dateTime);
}

/** An instant as its day in the platform's zone in `locale`'s format; none shows EMPTY_VALUE. */
export function formatDateIn(locale: Locale, value: string | null | undefined): string {
  return show(value, FORMATS[locale].date);
}

/** formatTimeIn the shown language (also a table column's render). */
export const formatTime = (value: string | null | undefined): string => formatTimeIn(shownLocale(), value);

/** formatDateIn the shown language. */
export const formatDate = (value: string | null | undefined): string => formatDateIn(shownLocale(), value);

/*
 * Date pickers (antd, dayjs) work in the browser's zone. They are given and give back the platform's
 * wall clock: a picked '10:00' means 10:00 in the platform's zone, whatever the browser's.
 */
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

/** An instant as the picker value showing its wall clock in the platform's zone. */
export const toPickerTime = (value: string | number): Dayjs => dayjs(formatInPlatformZone(value, WALL_CLOCK));

/** A picker's value (the platform's wall clock) as the ISO instant it means. */
export const fromPickerTime = (picked: Dayjs): string =>
  dayjs.tz(picked.format(WALL_CLOCK), platformZone).toISOString();

/** Now as the platform's wall clock, as pickers take it (their today and their days). */
export const platformNow = (): Dayjs => toPickerTime(Date.now());

/** The platform zone's offset now, as 'UTC+08:00', to label times where the zone is not obvious. */
export const platformZoneOffset = (): string => `UTC${dayjs().tz(platformZone).format('Z')}`;

/** The platform zone's name in `locale` ('China Standard Time', '中国标准时间'). */
export function platformZoneName(locale: Locale): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: platformZone, timeZoneName: 'long' }).formatToParts(
    new Date(),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? platformZone;
}

/**
 * Outdoor temperature of a site: a daily curve (coldest around 05:00, warmest around 15:00, in the
 * site's local hours) around the site's own mean. Pure: the same site and instant give the same value.
 */
export interface Site {
  /** Daily mean outdoor temperature, °C. */
  meanC: number;
  /** Half the day-night swing, °C. */
  swingC: number;
  /** Offset of the site's local time from UTC, hours (China: 8). */
  utcOffsetHours: number;
}

const HOUR_MS = 3_600_000;

export function outdoorTemperature(site: Site, atMs: number): number {
  const localHour = (((atMs / HOUR_MS + site.utcOffsetHours) % 24) + 24) % 24;
  // A cosine peaking at 15:00 and lowest at 03:00.
  return site.meanC + site.swingC * Math.cos(((localHour - 15) / 24) * 2 * Math.PI);
}

/** Whether it is daytime (07:00-22:00) at the site: households draw hot water then. */
export function isDaytime(site: Site, atMs: number): boolean {
  const localHour = (((atMs / HOUR_MS + site.utcOffsetHours) % 24) + 24) % 24;
  return localHour >= 7 && localHour < 22;
}
